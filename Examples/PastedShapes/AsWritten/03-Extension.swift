import UIKit

// The delegate method in an extension of the view controller.
class SignUpViewController: UIViewController {
    @IBOutlet var usernameField: UITextField!

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
