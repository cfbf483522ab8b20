import UIKit

// Counting NSString length before and after, with NSString(string:).
class CodeDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let old = NSString(string: textField.text ?? "")
        return old.length - range.length + (string as NSString).length <= 6
    }
}
