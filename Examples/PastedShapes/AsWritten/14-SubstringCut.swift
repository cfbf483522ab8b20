import UIKit

// Accept, then cut the text at 8 UTF-16 units in editingChanged (cuts emoji in half).
class TagViewController: UIViewController {
    @IBOutlet weak var tagField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        tagField.addTarget(self, action: #selector(tagChanged(_:)), for: .editingChanged)
    }

    @objc func tagChanged(_ sender: UITextField) {
        guard let text = sender.text else { return }
        let ns = text as NSString
        if ns.length > 8 {
            sender.text = ns.substring(to: 8)
        }
    }
}
