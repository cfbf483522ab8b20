import UIKit

// editingChanged with target-action: truncate whatever is longer than the limit.
class CommentViewController: UIViewController {
    @IBOutlet weak var commentField: UITextField!
    let maxLength = 10

    override func viewDidLoad() {
        super.viewDidLoad()
        commentField.addTarget(self, action: #selector(textFieldDidChange(_:)), for: .editingChanged)
    }

    @objc func textFieldDidChange(_ textField: UITextField) {
        if let text = textField.text, text.count > maxLength {
            textField.text = String(text.prefix(maxLength))
        }
    }
}
