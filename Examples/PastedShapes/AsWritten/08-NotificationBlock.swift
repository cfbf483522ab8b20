import UIKit

// The block-based observer, on the main queue.
class CityViewController: UIViewController {
    @IBOutlet weak var cityField: UITextField!
    private var observer: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        observer = NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification,
                                                          object: cityField, queue: .main) { [weak self] _ in
            guard let self = self, self.cityField.markedTextRange == nil else { return }
            let text = self.cityField.text ?? ""
            if text.count > 5 {
                self.cityField.text = String(text.prefix(5))
            }
        }
    }
}
