// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// Connected in the storyboard: Editing Changed → amountChanged(_:).
class AmountViewController: UIViewController {
    weak var amountField: UITextField!

    /* @IBAction */ func amountChanged(_ sender: UITextField) {
        let digits = (sender.text ?? "").filter { $0.isNumber }
        if digits != sender.text {
            sender.text = digits
        }
    }
}
