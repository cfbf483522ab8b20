import UIKit

// A search field's delegate: lifecycle methods and a no-emoji filter.
class SearchDelegate: NSObject, UITextFieldDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        for scalar in string.unicodeScalars where scalar.properties.isEmojiPresentation {
            return false
        }
        return true
    }
}
