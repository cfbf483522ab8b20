import UIKit

// The CJK-aware version seen in Chinese blogs: skip while marked text is shown.
class TitleViewController: UIViewController {
    @IBOutlet weak var titleField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        titleField.addTarget(self, action: #selector(titleChanged), for: .editingChanged)
    }

    @objc private func titleChanged() {
        guard titleField.markedTextRange == nil else { return }
        let text = titleField.text ?? ""
        if (text as NSString).length > 10 {
            titleField.text = (text as NSString).substring(to: 10)
        }
    }
}
