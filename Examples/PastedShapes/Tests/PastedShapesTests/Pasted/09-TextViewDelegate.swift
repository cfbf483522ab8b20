// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// A text view's limit in shouldChangeTextIn.
class FeedbackViewController: UIViewController, UITextViewDelegate {
    weak var feedbackView: UITextView!

    override func viewDidLoad() {
        super.viewDidLoad()
        feedbackView.delegate = self
    }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        let currentText = textView.text ?? ""
        let newText = (NSString(currentText)).replacingCharacters(in: range, with: text)
        return newText.count <= 20
    }
}
