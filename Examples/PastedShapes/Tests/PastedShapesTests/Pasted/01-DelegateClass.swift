// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// The most-copied limit: a delegate object, the new text computed with NSString.
final class LimitDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let currentText = textField.text ?? ""
        let updated = (NSString(currentText)).replacingCharacters(in: range, with: string)
        return updated.count <= 10
    }
}
