// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// Counting NSString length before and after, with NSString(string:).
class CodeDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let old = NSString(string: textField.text ?? "")
        return old.length - range.length + (NSString(string)).length <= 6
    }
}
