// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// A limit that lets marked text through, then counts.
class ChineseNameDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        if let marked = textField.markedTextRange, textField.position(from: marked.start, offset: 0) != nil {
            return true
        }
        let text = textField.text ?? ""
        let proposed = (NSString(text)).replacingCharacters(in: range, with: string)
        return proposed.count <= 4
    }
}
