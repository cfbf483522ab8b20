// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// A text view that trims in textViewDidChange, unless the user is composing.
final class NoteDelegate: NSObject, UITextViewDelegate {
    func textViewDidChange(_ textView: UITextView) {
        if textView.markedTextRange != nil { return }
        if textView.text.count > 15 {
            textView.text = String(textView.text.prefix(15))
        }
    }
}
