import UIKit

// A view controller that is its field's delegate, wired in viewDidLoad.
class NicknameViewController: UIViewController, UITextFieldDelegate {
    @IBOutlet weak var nicknameField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        nicknameField.delegate = self
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard let text = textField.text, let textRange = Range(range, in: text) else { return false }
        let updatedText = text.replacingCharacters(in: textRange, with: string)
        return updatedText.count <= 8
    }
}
