import Foundation
import IMEHarness

/// Strict rules written correctly, as apps write them: each refuses on purpose, and is
/// right to. The precision suite (``PrecisionSuiteTests``) replays the corpus and fuzzes
/// every one under every profile and expects no report at all: a report here is a false
/// alarm of the harness, not a bug of the rule.
enum PrecisionRules {
    /// Every rule of the suite, in a stable order.
    static let all: [any InputRule] = [
        utf16Limit(10), utf16Limit(1), graphemeLimit(10), graphemeLimit(1), digitsWithClasses, digitsWithPattern,
        price, phone, keepOldValueFormatter, keepWhatFitsFilter, pasteCutOnClusters, emojiOnly, noEmoji,
        upperCaseKeepingMarkedText, trimOnEndEditing, refuseWhileDisabled, clearOnClearButton,
    ]

    /// The profiles a rule is right under: every one, but for the Android filter, whose
    /// port reads the one range a single-range delegate is given (iOS 26 reports a
    /// commit's range differently, which a filter cannot know).
    static func profiles(of rule: any InputRule) -> [Profile] {
        rule.spec == keepWhatFitsFilter.spec ? [.ios18Single] : Profile.all
    }

    /// The committed text's length (marked text left out), as a limit counts it.
    static func committed(_ field: UITextField, measure: (String) -> Int) -> Int {
        let text = field.text ?? ""
        guard let marked = field.markedTextRange, let markedText = field.text(in: marked) else { return measure(text) }
        return measure(text) - measure(markedText)
    }

    /// The longest prefix of `text` made of whole characters whose measure is at most `limit`.
    static func prefix(of text: String, fitting limit: Int, measure: (String) -> Int) -> String {
        var kept = ""
        for character in text {
            guard measure(kept + String(character)) <= limit else { break }
            kept.append(character)
        }
        return kept
    }

    // MARK: Length limits that wait for the composition (and drafts over them)

    /// Remembers the last text that fit while nothing is marked, and puts it back (with
    /// the caret) when a finished edit grows the text over the limit: a composition runs
    /// to its end, and a draft already over the limit is left as it is until it grows.
    class LimitDelegate: NSObject, UITextFieldDelegate {
        let limit: Int
        let measure: @Sendable (String) -> Int
        var lastText = ""
        var lastCaret = 0

        init(limit: Int, measure: @escaping @Sendable (String) -> Int) {
            self.limit = limit
            self.measure = measure
        }

        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            // Undo can hand back a range the field no longer has: never accept that.
            guard range.location + range.length <= ((textField.text ?? "") as NSString).length else { return false }
            if textField.markedTextRange == nil, let selected = textField.selectedTextRange {
                lastText = textField.text ?? ""
                lastCaret = textField.offset(from: textField.beginningOfDocument, to: selected.start)
            }
            return true
        }

        func editingChanged(_ textField: UITextField) {
            guard textField.markedTextRange == nil, let text = textField.text else { return }
            guard measure(text) > limit, measure(text) > measure(lastText) else {
                if measure(text) <= limit { lastText = text }
                return
            }
            textField.text = lastText
            if let caret = textField.position(from: textField.beginningOfDocument, offset: lastCaret) {
                textField.selectedTextRange = textField.textRange(from: caret, to: caret)
            }
        }
    }

    static func limitRule(_ name: String, _ limit: Int, _ unit: TextUnit, measure: @escaping @Sendable (String) -> Int)
        -> TextFieldRule
    {
        TextFieldRule(name, contract: .maxLength(limit, unit)) { field in
            let delegate = LimitDelegate(limit: limit, measure: measure)
            field.delegate = delegate
            field.retained.append(delegate)
            field.addAction(UIAction { _ in delegate.editingChanged(field) }, for: .editingChanged)
        }
    }

    static func utf16Limit(_ limit: Int) -> TextFieldRule {
        limitRule("precision-utf16-limit-\(limit)", limit, .utf16) { $0.utf16.count }
    }

    static func graphemeLimit(_ limit: Int) -> TextFieldRule {
        limitRule("precision-grapheme-limit-\(limit)", limit, .graphemes) { $0.count }
    }

    // MARK: Digits, prices and phone numbers

    /// `string.allSatisfy(\.isASCIIDigit)`: the delegate every numeric field has.
    static func digitsOnly(_ textField: UITextField, _ range: NSRange, _ string: String) -> Bool {
        guard range.location + range.length <= ((textField.text ?? "") as NSString).length else { return false }
        return string.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    final class DigitsDelegate: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool { PrecisionRules.digitsOnly(textField, range, string) }
    }

    static func delegateRule(_ name: String, _ contract: RuleContract, _ delegate: @escaping () -> UITextFieldDelegate)
        -> TextFieldRule
    {
        TextFieldRule(name, contract: contract) { field in
            let made = delegate()
            field.delegate = made
            field.retained.append(made)
        }
    }

    static let digitsWithClasses = delegateRule("precision-digits-classes", .allowing(.digitASCII)) {
        DigitsDelegate()
    }

    static let digitsWithPattern = delegateRule(
        "precision-digits-pattern",
        RuleContract(
            promise: "only ASCII digits", textPromise: try! .matching("[0-9]*"), compositionSafe: true,
            profileIndependent: true)
    ) { DigitsDelegate() }

    /// Digits, one `.`, at most two decimals, no leading zero (`0.5` is fine, `05` is not).
    @Sendable static func isPrice(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } })
        else { return false }
        let whole = parts[0]
        if whole.count > 1, whole.hasPrefix("0") { return false }
        return parts.count == 1 || parts[1].count <= 2
    }

    final class PriceDelegate: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            let text = (textField.text ?? "") as NSString
            guard range.location + range.length <= text.length else { return false }
            return PrecisionRules.isPrice(text.replacingCharacters(in: range, with: string))
        }
    }

    static let price = delegateRule(
        "precision-price",
        RuleContract(
            promise: "a price: digits, one '.', at most two decimals, no leading zero",
            textPromise: .promise("digits, one '.', at most two decimals, no leading zero", PrecisionRules.isPrice),
            compositionSafe: true, profileIndependent: true)
    ) { PriceDelegate() }

    final class PhoneDelegate: NSObject, UITextFieldDelegate {
        static let allowed = CharacterSet(charactersIn: "0123456789+()- ")
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            guard range.location + range.length <= ((textField.text ?? "") as NSString).length else { return false }
            return Self.allowed.isSuperset(of: CharacterSet(charactersIn: string))
        }
    }

    static let phone = delegateRule(
        "precision-phone",
        RuleContract(
            promise: "digits, spaces, '+', '(', ')' and '-'", textPromise: try! .matching("[0-9+() \\-]*"),
            compositionSafe: true, profileIndependent: true)
    ) { PhoneDelegate() }

    // MARK: Android and Flutter

    /// Flutter's `LengthLimitingTextInputFormatter` with `MaxLengthEnforcement.enforced`,
    /// reduced to the branch it takes at the limit: over it, the old value stays. It
    /// enforces during composition too, which its documentation says (so it promises no
    /// composition safety).
    static let keepOldValueFormatter = FormatterRule(
        "precision-keep-old-value-10",
        contract: RuleContract(promise: "at most 10 characters", limit: .init(10, .graphemes), profileIndependent: true)
    ) { old, new in
        new.text.count > 10 ? old : new
    }

    /// Android's `LengthFilter`, cutting at a character boundary instead of a surrogate:
    /// it keeps what fits of the replacement. A filter sees composing text as any other
    /// (Android hands it the composing span's text) and, ported to iOS 26, the range the
    /// platform reports for a commit, so it promises neither composition safety nor the
    /// same outcome on every iOS version: only the limit, and no lost or broken text.
    static let keepWhatFitsFilter = InputFilterRule(
        "precision-length-filter-10",
        contract: RuleContract(promise: "at most 10 UTF-16 units", limit: .init(10, .utf16))
    ) { source, start, end, dest, dstart, dend in
        let keep = 10 - (dest.length - (dend - dstart))
        if keep >= end - start { return nil }
        guard keep > 0 else { return AppleString("") }
        let text = source.substring(with: NSRange(location: start, length: end - start)).string
        return AppleString(PrecisionRules.prefix(of: text, fitting: keep) { $0.utf16.count })
    }

    /// Keeps what fits of a paste: once a finished edit grows the text over the limit,
    /// `editingChanged` puts back the text before it with as much of what the edit
    /// brought as fits, cut at a character boundary (a delegate cannot tell a paste from
    /// an input method's marked text, so the cut waits for the field to say nothing is
    /// marked).
    final class PasteWhatFitsDelegate: LimitDelegate {
        override func editingChanged(_ textField: UITextField) {
            guard textField.markedTextRange == nil, let text = textField.text, measure(text) > limit,
                measure(text) > measure(lastText)
            else { return super.editingChanged(textField) }
            let old = Array(lastText)
            let new = Array(text)
            let head = zip(old, new).prefix { $0 == $1 }.count
            let tail = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
            let keptTail = min(tail, old.count - head, new.count - head)
            let before = String(new[..<head])
            let after = String(new[(new.count - keptTail)...])
            let brought = String(new[head..<(new.count - keptTail)])
            let room = limit - measure(String(old[..<head]) + String(old[(old.count - keptTail)...]))
            let fitting = PrecisionRules.prefix(of: brought, fitting: max(room, 0), measure: measure)
            textField.text = before + fitting + after
            if let caret = textField.position(
                from: textField.beginningOfDocument, offset: (before + fitting).utf16.count)
            {
                textField.selectedTextRange = textField.textRange(from: caret, to: caret)
            }
            lastText = textField.text ?? ""
        }
    }

    static let pasteCutOnClusters = TextFieldRule("precision-paste-what-fits-10", contract: .maxLength(10, .utf16)) {
        field in
        let delegate = PasteWhatFitsDelegate(limit: 10) { $0.utf16.count }
        field.delegate = delegate
        field.retained.append(delegate)
        field.addAction(UIAction { _ in delegate.editingChanged(field) }, for: .editingChanged)
    }

    // MARK: Emoji

    /// Whether a character is an emoji: its first scalar shows as one by default, or is an
    /// emoji followed by the emoji variation selector or a skin tone (`4️⃣`, `❤️`, `✌🏻`)
    /// (Swift's properties).
    @Sendable static func isEmoji(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation
            || first.properties.isEmoji
                && character.unicodeScalars.dropFirst().contains { $0 == "\u{FE0F}" || $0.properties.isEmojiModifier }
    }

    final class EmojiOnlyDelegate: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            guard range.location + range.length <= ((textField.text ?? "") as NSString).length else { return false }
            return string.allSatisfy(PrecisionRules.isEmoji)
        }
    }

    static let emojiOnly = delegateRule("precision-emoji-only", .allowing(.cluster(.emoji))) { EmojiOnlyDelegate() }

    final class NoEmojiDelegate: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            guard range.location + range.length <= ((textField.text ?? "") as NSString).length else { return false }
            return !string.contains(where: PrecisionRules.isEmoji)
        }
    }

    static let noEmoji = delegateRule("precision-no-emoji", .denying(.cluster(.emoji))) { NoEmojiDelegate() }

    // MARK: Handlers

    /// Upper-cases the text in `editingChanged`, but only once nothing is marked.
    static let upperCaseKeepingMarkedText = TextFieldRule(
        "precision-uppercase",
        contract: RuleContract(
            promise: "upper case", textPromise: .promise("upper case") { $0 == $0.uppercased() },
            compositionSafe: true, profileIndependent: true)
    ) { field in
        field.addAction(
            UIAction { action in
                guard let field = action.sender as? UITextField, field.markedTextRange == nil,
                    let text = field.text, text.uppercased() != text
                else { return }
                field.text = text.uppercased()
            }, for: .editingChanged)
    }

    final class TrimDelegate: NSObject, UITextFieldDelegate {
        func textFieldDidEndEditing(_ textField: UITextField) {
            let trimmed = (textField.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed != textField.text { textField.text = trimmed }
        }
    }

    /// Trims surrounding white space when editing ends.
    static let trimOnEndEditing = delegateRule(
        "precision-trim-on-end",
        RuleContract(promise: "no surrounding white space once edited", compositionSafe: true, profileIndependent: true)
    ) { TrimDelegate() }

    final class DisabledDelegate: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool { textField.isEnabled }
    }

    /// A field the app disabled, whose delegate refuses every edit while it is: the
    /// contract says it keeps its text, so refusing deletions and typing is no loss.
    static let refuseWhileDisabled = TextFieldRule(
        "precision-disabled",
        contract: RuleContract(
            promise: "read-only while disabled", profileIndependent: true,
            unchecked: ["deletion-blocked", "typed-text-lost", "key-refused"])
    ) { field in
        let delegate = DisabledDelegate()
        field.isEnabled = false
        field.delegate = delegate
        field.retained.append(delegate)
    }

    final class ClearDelegate: NSObject, UITextFieldDelegate {
        func textFieldShouldClear(_ textField: UITextField) -> Bool {
            textField.text = ""
            return false
        }
    }

    /// Clears the field itself when the clear button is tapped.
    static let clearOnClearButton = delegateRule(
        "precision-clear",
        RuleContract(promise: "clears on the clear button", compositionSafe: true, profileIndependent: true)
    ) { ClearDelegate() }
}
