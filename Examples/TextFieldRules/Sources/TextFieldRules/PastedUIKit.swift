import Foundation
import IMEHarness

// Delegate classes, actions and cross-platform formatters as apps write them, pasted
// into the UIKit-shaped surface, each with its bug and a variant that fixes it.

// MARK: "Insert what fits": the delegate sets the text itself

/// `textField.text = prefix; return false`: the answer on every forum to "limit the
/// length but keep what fits". While Pinyin is marked, the assignment ends the
/// composition, and the field keeps raw letters.
public final class InsertWhatFitsDelegate: NSObject, UITextFieldDelegate {
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        let text = (textField.text ?? "") as Foundation.NSString
        let updated = text.replacingCharacters(in: range, with: string)
        guard updated.count > 10 else { return true }
        textField.text = String(updated.prefix(10))
        return false
    }
}

public let insertWhatFits = TextFieldRule("insert-what-fits-10", contract: .maxLength(10)) { field in
    let delegate = InsertWhatFitsDelegate()
    field.delegate = delegate
    field.retained.append(delegate)
}

/// The fix as a delegate and an action: remember the last text that fit while nothing is
/// marked, and put it back (with the caret) when a finished edit overflows. It measures in
/// UTF-16 units, as its contract does: counting Swift `Character`s against a limit of
/// grapheme clusters failed a 20-second campaign, on a ZWJ sequence where Swift's
/// segmentation and ICU 72's disagree.
public final class UndoOverflow: NSObject, UITextFieldDelegate {
    let limit: Int
    var lastText = ""
    var lastCaret = 0

    public init(limit: Int) { self.limit = limit }

    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        // Undo asks about the edit this delegate reverted, whose range may no longer fit:
        // accepting it crashes the app (NSRangeException), so refuse it first.
        guard range.location + range.length <= (textField.text ?? "").utf16.count else { return false }
        if textField.markedTextRange == nil, let selected = textField.selectedTextRange {
            lastText = textField.text ?? ""
            lastCaret = textField.offset(from: textField.beginningOfDocument, to: selected.start)
        }
        return true
    }

    public func editingChanged(_ textField: UITextField) {
        guard textField.markedTextRange == nil else { return }
        let length = ((textField.text ?? "") as Foundation.NSString).length
        guard length > limit, length > (lastText as Foundation.NSString).length else { return }
        textField.text = lastText
        if let caret = textField.position(from: textField.beginningOfDocument, offset: lastCaret) {
            textField.selectedTextRange = textField.textRange(from: caret, to: caret)
        }
    }
}

public let undoOverflow = TextFieldRule("undo-overflow-10", contract: .maxLength(10, .utf16)) { field in
    let delegate = UndoOverflow(limit: 10)
    field.delegate = delegate
    field.retained.append(delegate)
    field.addAction(UIAction { _ in delegate.editingChanged(field) }, for: .editingChanged)
}

// MARK: An editingChanged action that trims whatever is there

/// `addAction(UIAction { … field.text = String(text.prefix(10)) }, for: .editingChanged)`
/// without looking at `markedTextRange`: Pinyin letters past the limit are cut mid-word.
public let trimOnChange = TextFieldRule("trim-on-change-10", contract: .maxLength(10)) { field in
    field.addAction(
        UIAction { action in
            guard let field = action.sender as? UITextField, let text = field.text, text.count > 10 else { return }
            field.text = String(text.prefix(10))
        }, for: .editingChanged)
}

// MARK: A chat input (UITextView) that strips newlines

/// `textViewDidChange` that removes every newline, even while text is marked: the
/// assignment ends the composition of every Japanese or Chinese sentence.
public final class StripNewlines: NSObject, UITextViewDelegate {
    let checksMarkedText: Bool

    public init(checksMarkedText: Bool) { self.checksMarkedText = checksMarkedText }

    /// Refuses a range beyond the text: the edit this delegate rewrote is still on UIKit's
    /// undo stack, and accepting its stale range crashes the app (jianshu.com/p/b302a7c66741).
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    {
        !checksMarkedText || range.location + range.length <= textView.text.utf16.count
    }

    public func textViewDidChange(_ textView: UITextView) {
        if checksMarkedText, textView.markedTextRange != nil { return }
        guard textView.text.contains("\n") else { return }
        textView.text = textView.text.replacingOccurrences(of: "\n", with: "")
    }
}

/// What both promise: one line (the newlines a paste brought are taken out, which is the
/// point of the rule, not a loss of text).
let oneLine = RuleContract(
    promise: "one line", textPromise: .promise("no newline") { !$0.contains("\n") }, compositionSafe: true,
    unchecked: ["typed-text-lost"])

public let stripNewlines = TextViewRule("strip-newlines", contract: oneLine) { view in
    let delegate = StripNewlines(checksMarkedText: false)
    view.delegate = delegate
    view.retained.append(delegate)
}

/// The fix: leave the text alone while something is marked.
public let stripNewlinesAfterComposition = TextViewRule("strip-newlines-after-composition", contract: oneLine) {
    view in
    let delegate = StripNewlines(checksMarkedText: true)
    view.delegate = delegate
    view.retained.append(delegate)
}

// MARK: Android's LengthFilter, before and after it learned about surrogates

/// `InputFilter.LengthFilter(max)` as Android shipped it before API 21: it keeps `keep`
/// UTF-16 units of the source, cutting a surrogate pair; `checksSurrogates` is the fix
/// Android made (step back over a lead surrogate), which still cuts a ZWJ sequence after
/// its joiner and, ported to iOS, counts marked text: the harness finds both. No length
/// filter of this shape is bug-free: a filter is asked about marked-text updates and
/// commits alike and cannot tell them apart (Android's own filters see composing text
/// too), so it either cuts Pinyin letters mid-word or lets a commit past the limit. The
/// fix is to limit after the composition, as ``FixedLimit`` does.
public func lengthFilter(_ max: Int, checksSurrogates: Bool) -> InputFilterRule {
    InputFilterRule(
        "length-filter-\(max)\(checksSurrogates ? "" : "-pre-21")",
        contract: RuleContract(promise: "at most \(max) UTF-16 units", limit: .init(max, .utf16))
    ) { source, start, end, dest, dstart, dend in
        var keep = max - (dest.length - (dend - dstart))
        if keep <= 0 { return "" }
        if keep >= end - start { return nil }
        if checksSurrogates, UTF16.isLeadSurrogate(source.character(at: start + keep - 1)) {
            keep -= 1
            if keep == 0 { return "" }
        }
        return source.substring(with: NSRange(location: start, length: keep))
    }
}

// MARK: A Flutter formatter that forgets `composing`

/// A length formatter that truncates `newValue` whatever it is composing: Flutter's own
/// `LengthLimitingTextInputFormatter` leaves a composing value alone for exactly this
/// reason; `respectsComposing` is that fix.
public func truncatingFormatter(_ max: Int, respectsComposing: Bool) -> FormatterRule {
    FormatterRule(
        "truncating-formatter-\(max)\(respectsComposing ? "" : "-ignores-composing")",
        contract: RuleContract(promise: "at most \(max) units", limit: .init(max, .utf16), compositionSafe: true)
    ) { old, new in
        if respectsComposing, new.composing != nil { return new }
        guard new.text.utf16.count > max else { return new }
        // A commit that overflows goes back to the committed text it was typed into. With
        // iOS's NSString (AppleString): Linux Foundation's widens the range to whole
        // Characters, which a 20-second campaign caught keeping half of the marked text.
        if respectsComposing, let composing = old.composing {
            let committed = AppleString(old.text).replacingCharacters(in: composing, with: "").string
            return .init(text: committed, selection: NSRange(location: composing.location, length: 0))
        }
        // Keep the old value rather than cutting: cutting drops text the user did not touch.
        // A field already over the limit (the app set its text) may shrink, never grow.
        return new.text.utf16.count > old.text.utf16.count ? old : new
    }
}

// MARK: Capping the text when editing ends

/// "Let them type, cap it when they are done": `textFieldDidEndEditing` cuts the text to
/// `limit` UTF-16 units with `substring(to:)` (Return resigns, as most forms do). An emoji
/// across the cap is cut in half; `composed` is the fix, cutting at the start of the
/// composed character sequence the cap falls in. Pasted with two mechanical edits:
/// `(textField.text ?? "") as NSString` is `textField.nsText`, and so is the assignment.
public final class CapWhenDone: NSObject, UITextFieldDelegate {
    let limit: Int
    let composed: Bool

    public init(limit: Int, composed: Bool) {
        self.limit = limit
        self.composed = composed
    }

    public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }

    /// The fix also refuses a range beyond the text, which undo asks about once the cap
    /// has rewritten an edit (accepting it crashes the app).
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        !composed || range.location + range.length <= textField.nsText.length
    }

    public func textFieldDidEndEditing(_ textField: UITextField) {
        let text = textField.nsText
        guard text.length > limit else { return }
        let cut = composed ? text.rangeOfComposedCharacterSequence(at: limit).location : limit
        textField.nsText = text.substring(to: cut)
    }
}

/// The cap as a rule: what it drops past the cap is dropped on purpose.
public func capWhenDone(_ limit: Int, composed: Bool) -> TextFieldRule {
    TextFieldRule(
        "cap-when-done-\(limit)\(composed ? "-composed" : "")",
        contract: RuleContract(
            promise: "at most \(limit) UTF-16 units once editing ends", compositionSafe: true,
            unchecked: ["committed-text-lost"])
    ) { field in
        let delegate = CapWhenDone(limit: limit, composed: composed)
        field.delegate = delegate
        field.retained.append(delegate)
    }
}
