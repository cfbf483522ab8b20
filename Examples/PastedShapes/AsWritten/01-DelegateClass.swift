import UIKit

// The most-copied limit: a delegate object, the new text computed with NSString.
final class LimitDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let currentText = textField.text ?? ""
        let updated = (currentText as NSString).replacingCharacters(in: range, with: string)
        return updated.count <= 10
    }
}
