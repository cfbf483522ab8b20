// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// Accept, then cut the text at 8 UTF-16 units in editingChanged (cuts emoji in half).
class TagViewController: UIViewController {
    weak var tagField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        tagField.addAction(UIAction { [weak target = self] action in target?.tagChanged(action.sender as! UITextField) }, for: .editingChanged)
    }

    func tagChanged(_ sender: UITextField) {
        guard let text = sender.text else { return }
        let ns = NSString(text)
        if ns.length > 8 {
            sender.text = ns.substring(to: 8)
        }
    }
}
