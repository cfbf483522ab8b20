// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// The delegate method in an extension of the view controller.
class SignUpViewController: UIViewController {
    var usernameField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        usernameField.delegate = self
    }
}

extension SignUpViewController: UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let newLength = (textField.text?.utf16.count ?? 0) + string.utf16.count - range.length
        return newLength <= 12
    }
}
