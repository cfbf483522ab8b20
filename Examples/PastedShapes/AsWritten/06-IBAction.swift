import UIKit

// Connected in the storyboard: Editing Changed → amountChanged(_:).
class AmountViewController: UIViewController {
    @IBOutlet weak var amountField: UITextField!

    @IBAction func amountChanged(_ sender: UITextField) {
        let digits = (sender.text ?? "").filter { $0.isNumber }
        if digits != sender.text {
            sender.text = digits
        }
    }
}
