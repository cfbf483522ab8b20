// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// The CJK-aware version seen in Chinese blogs: skip while marked text is shown.
class TitleViewController: UIViewController {
    weak var titleField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        titleField.addAction(UIAction { [weak target = self] action in target?.titleChanged() }, for: .editingChanged)
    }

    private func titleChanged() {
        guard titleField.markedTextRange == nil else { return }
        let text = titleField.text ?? ""
        if (NSString(text)).length > 10 {
            titleField.text = (NSString(text)).substring(to: 10)
        }
    }
}
