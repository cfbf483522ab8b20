// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// editingChanged with target-action: truncate whatever is longer than the limit.
class CommentViewController: UIViewController {
    weak var commentField: UITextField!
    let maxLength = 10

    override func viewDidLoad() {
        super.viewDidLoad()
        commentField.addAction(UIAction { [weak target = self] action in target?.textFieldDidChange(action.sender as! UITextField) }, for: .editingChanged)
    }

    func textFieldDidChange(_ textField: UITextField) {
        if let text = textField.text, text.count > maxLength {
            textField.text = String(text.prefix(maxLength))
        }
    }
}
