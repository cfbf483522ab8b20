import UIKit

// Observing the field's text-did-change notification with a selector.
class BioViewController: UIViewController {
    @IBOutlet weak var bioField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(textDidChange(_:)),
                                               name: UITextField.textDidChangeNotification, object: bioField)
    }

    @objc func textDidChange(_ notification: Notification) {
        guard let field = notification.object as? UITextField, let text = field.text else { return }
        if text.count > 6 {
            field.text = String(text.prefix(6))
        }
    }
}
