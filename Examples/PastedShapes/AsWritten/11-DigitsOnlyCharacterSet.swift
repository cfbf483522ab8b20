import UIKit

// "Digits only" with CharacterSet.decimalDigits.
class PhoneFieldDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let allowed = CharacterSet.decimalDigits
        return string.rangeOfCharacter(from: allowed.inverted) == nil
    }
}
