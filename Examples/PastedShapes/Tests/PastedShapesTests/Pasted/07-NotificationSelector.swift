// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// Observing the field's text-did-change notification with a selector.
class BioViewController: UIViewController {
    weak var bioField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: bioField, queue: nil) { [weak target = self] notification in target?.textDidChange(notification) }
    }

    func textDidChange(_ notification: Notification) {
        guard let field = notification.object as? UITextField, let text = field.text else { return }
        if text.count > 6 {
            field.text = String(text.prefix(6))
        }
    }
}
