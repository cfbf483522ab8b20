import UIKit

// iOS 26: the multi-range method beside the single-range one.
class ModernLimitDelegate: NSObject, UITextFieldDelegate {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let text = (textField.text ?? "") as NSString
        return text.replacingCharacters(in: range, with: string).count <= 10
    }

    func textField(_ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String) -> Bool {
        var text = (textField.text ?? "") as NSString
        for value in ranges.reversed() {
            text = text.replacingCharacters(in: value.rangeValue, with: string) as NSString
        }
        return text.length <= 10
    }
}
