// Pasted by ime-paste: UIKit code as an app wrote it, rewritten only where Linux Swift needs it.
import Foundation
import IMEHarness

// iOS 26: the multi-range method beside the single-range one.
class ModernLimitDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let text = NSString(textField.text ?? "")
        return text.replacingCharacters(in: range, with: string).count <= 10
    }

    func textField(_ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String) -> Bool {
        var text = NSString(textField.text ?? "")
        for value in ranges.reversed() {
            text = NSString(text.replacingCharacters(in: value.rangeValue, with: string))
        }
        return text.length <= 10
    }
}
