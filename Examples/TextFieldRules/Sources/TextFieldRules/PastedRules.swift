import Foundation
import IMEHarness

// Rules as iOS developers write them, pasted with one mechanical edit: the file says
// `typealias NSString = AppleString`, so `(text as NSString)` keeps iOS's NSString
// semantics on Linux. Each comes with its bug and with a variant that fixes it.

typealias NSString = AppleString

// MARK: A truncating `editingChanged` handler

/// "Cut the text to 10 characters after every change", the common
/// `textField.text = String(text.prefix(10))` written with NSString: `substring(to:)`
/// counts UTF-16 units, so an emoji across the limit is cut in half (iOS keeps the lone
/// surrogate, and the field shows a replacement character).
public let truncatingLimit = DelegateRule(
    "truncating-limit-10", contract: .maxLength(10, .utf16),
    nsStringEditingChanged: { text, markedTextRange in
        guard markedTextRange == nil, (text as NSString).length > 10 else { return nil }
        return (text as NSString).substring(to: 10)
    })

/// The obvious fix, cutting at the start of the composed character sequence the limit
/// falls in, still truncates: typed in the middle, it drops the end of the text the user
/// did not touch (`committed-text-lost`). The fix that holds is ``FixedLimit``: undo an
/// edit that overflows.
public let composedTruncatingLimit = DelegateRule(
    "composed-truncating-limit-10", contract: .maxLength(10, .utf16),
    nsStringEditingChanged: { text, markedTextRange in
        guard markedTextRange == nil, (text as NSString).length > 10 else { return nil }
        let cut = (text as NSString).rangeOfComposedCharacterSequence(at: 10).location
        return (text as NSString).substring(to: cut)
    })

// MARK: A price field that force-unwraps

/// "Only a price: digits and one dot", checked by finding the dot with a force-unwrapped
/// `firstIndex(of:)` once the text has one; it was tested with "12.50" typed in order, and
/// crashes as soon as a change arrives while the field holds no dot but the replacement
/// brings one somewhere else (a paste, an autocorrection).
public let forceUnwrappingPrice = DelegateRule(
    "price-force-unwrap", contract: RuleContract(promise: "a price"),
    shouldChangeCharactersIn: { text, range, replacementString, _ in
        let updated = (text as Foundation.NSString).replacingCharacters(in: range, with: replacementString)
        guard updated.contains(".") else { return updated.allSatisfy(\.isASCII) && updated.allSatisfy(\.isNumber) }
        let dot = text.firstIndex(of: ".")!  // the field "already has" the dot…
        return text[text.index(after: dot)...].count < 2
    })

/// The fix: check the updated text, never unwrap.
public let safePrice = DelegateRule(
    "price-safe",
    contract: RuleContract(
        promise: "a price",
        textPromise: .promise("digits and at most one dot, at most 2 decimals") { text in
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count <= 2 && parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
                && (parts.count < 2 || parts[1].count <= 2)
        }, unchecked: ["typed-text-lost"]),
    shouldChangeCharactersIn: { text, range, replacementString, _ in
        // Undo can ask about a range beyond the text (an edit refused earlier): building the
        // updated text from it raises NSRangeException, so refuse it first.
        guard range.location + range.length <= text.utf16.count else { return false }
        let updated = (text as Foundation.NSString).replacingCharacters(in: range, with: replacementString)
        let parts = updated.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
            && (parts.count < 2 || parts[1].count <= 2)
    })

// MARK: A digits-only field with CharacterSet.decimalDigits

/// "Digits only", with the CharacterSet everyone reaches for: `decimalDigits` is every
/// Unicode decimal digit, so ١٢٣ (Arabic-Indic) and １２３ (fullwidth) pass, and the
/// backend's `Int(text)` then fails.
public let decimalDigitsOnly = DelegateRule(
    "decimal-digits-only",
    contract: RuleContract(
        promise: "ASCII digits only", allowedClasses: [.digitASCII], unchecked: ["typed-text-lost"]),
    shouldChangeCharactersIn: { _, _, replacementString, _ in
        replacementString.rangeOfCharacter(from: CharacterSet.decimalDigits.inverted) == nil
    })

/// The fix: the ASCII digits, spelled out.
public let asciiDigitsOnly = DelegateRule(
    "ascii-digits-only",
    contract: RuleContract(
        promise: "ASCII digits only", allowedClasses: [.digitASCII], unchecked: ["typed-text-lost"]),
    shouldChangeCharactersIn: { text, range, replacementString, _ in
        // Undo can ask about a range beyond the text (an edit refused earlier): accepting
        // it crashes the app, so refuse it.
        range.location + range.length <= text.utf16.count
            && replacementString.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    })

// MARK: A limit that lets marked text through

/// "At most 10 characters, but do not disturb the input method": the usual
/// `if textField.markedTextRange != nil { return true }` guard. A commit arrives while
/// text is marked, so it is never checked, and a long candidate overflows the limit.
public let markedGuardLimit = DelegateRule(
    "marked-guard-limit-10", contract: .maxLength(10, .utf16),
    shouldChangeCharactersIn: { text, range, replacementString, markedTextRange in
        if markedTextRange != nil { return true }
        let updated = (text as Foundation.NSString).replacingCharacters(in: range, with: replacementString)
        return (updated as Foundation.NSString).length <= 10
    })
