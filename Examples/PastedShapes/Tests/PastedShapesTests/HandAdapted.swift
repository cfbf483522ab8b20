import Foundation
import IMEHarness

/// Each snippet's rule adapted by hand to the harness's API, as docs/library.md showed
/// before the paste step existed: the delegate body in a `DelegateRule`, handlers as
/// `UIAction`s on a `TextFieldRule`'s field, notification observers as `editingChanged`
/// actions (which run, as UIKit posts the notification, after each change the user makes).
enum HandAdapted {
    static let limitDelegate = DelegateRule("LimitDelegate") { text, range, string, _ in
        NSString(text).replacingCharacters(in: range, with: string).count <= 10
    }

    static let nicknameViewController = DelegateRule("NicknameViewController") { text, range, string, _ in
        guard let textRange = Range(range, in: text) else { return false }
        return text.replacingCharacters(in: textRange, with: string).count <= 8
    }

    static let signUpViewController = DelegateRule("SignUpViewController") { text, range, string, _ in
        text.utf16.count + string.utf16.count - range.length <= 12
    }

    /// An `editingChanged` action that keeps the first `limit` characters: shapes 04 and 07
    /// (a target-action handler, a notification observer) adapt to the same rule.
    static func truncating(_ name: String, to limit: Int) -> TextFieldRule {
        TextFieldRule(name) { field in
            field.addAction(
                UIAction { action in
                    let field = action.sender as! UITextField
                    if let text = field.text, text.count > limit { field.text = String(text.prefix(limit)) }
                }, for: .editingChanged)
        }
    }

    static let commentViewController = truncating("CommentViewController", to: 10)

    static let titleViewController = TextFieldRule("TitleViewController") { field in
        field.addAction(
            UIAction { action in
                let field = action.sender as! UITextField
                guard field.markedTextRange == nil else { return }
                if field.nsText.length > 10 { field.nsText = field.nsText.substring(to: 10) }
            }, for: .editingChanged)
    }

    static let amountViewController = DelegateRule("AmountViewController") { text, _ in
        let digits = text.filter { $0.isNumber }
        return digits != text ? digits : nil
    }

    static let bioViewController = truncating("BioViewController", to: 6)

    static let cityViewController = DelegateRule("CityViewController") { text, marked in
        guard marked == nil, text.count > 5 else { return nil }
        return String(text.prefix(5))
    }

    static let feedbackViewController = TextViewRule("FeedbackViewController") { view in
        let delegate = TextViewLimit()
        view.delegate = delegate
        view.retained.append(delegate)
    }

    final class TextViewLimit: UITextViewDelegate {
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            NSString(textView.text ?? "").replacingCharacters(in: range, with: text).count <= 20
        }
    }

    static let noteDelegate = TextViewRule("NoteDelegate") { view in
        let delegate = TextViewTrim()
        view.delegate = delegate
        view.retained.append(delegate)
    }

    final class TextViewTrim: UITextViewDelegate {
        func textViewDidChange(_ textView: UITextView) {
            guard textView.markedTextRange == nil, textView.text.count > 15 else { return }
            textView.text = String(textView.text.prefix(15))
        }
    }

    static let phoneFieldDelegate = DelegateRule("PhoneFieldDelegate", shouldChangeCharactersIn: { _, _, string, _ in
        string.rangeOfCharacter(from: CharacterSet.decimalDigits.inverted) == nil
    })

    static let chineseNameDelegate = DelegateRule("ChineseNameDelegate") { text, range, string, marked in
        guard marked == nil else { return true }
        return NSString(text).replacingCharacters(in: range, with: string).count <= 4
    }

    static let codeDelegate = DelegateRule("CodeDelegate", nsStringShouldChangeCharactersIn: { text, range, string, _ in
        text.length - range.length + string.length <= 6
    })

    static let tagViewController = DelegateRule("TagViewController", nsStringEditingChanged: { text, _ in
        text.length > 8 ? text.substring(to: 8) : nil
    })

    static let searchDelegate = TextFieldRule("SearchDelegate") { field in
        let delegate = NoEmoji()
        field.delegate = delegate
        field.retained.append(delegate)
        field.addAction(UIAction { _ in }, for: .editingDidEndOnExit)
    }

    final class NoEmoji: UITextFieldDelegate {
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
            -> Bool
        { !string.unicodeScalars.contains { $0.properties.isEmojiPresentation } }
    }

    static let modernLimitDelegate = TextFieldRule("ModernLimitDelegate") { field in
        let delegate = BothMethods()
        field.delegate = delegate
        field.retained.append(delegate)
    }

    final class BothMethods: UITextFieldDelegate {
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
            -> Bool
        { textField.nsText.replacingCharacters(in: range, with: string).count <= 10 }

        func textField(
            _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
        ) -> Bool {
            var text = textField.nsText
            for value in ranges.reversed() { text = text.replacingCharacters(in: value.rangeValue, with: string) }
            return text.length <= 10
        }
    }

    static let usernameField = FormatterRule("UsernameField") { (_: String, new: String) -> String? in
        new.count > 8 ? String(new.prefix(8)) : nil
    }

    static let amountForm = FormatterRule("AmountForm") { (_: String, new: String) -> String? in
        let filtered = new.filter { "0123456789".contains($0) }
        return filtered != new ? filtered : nil
    }
}
