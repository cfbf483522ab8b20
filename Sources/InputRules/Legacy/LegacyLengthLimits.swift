import Composition
import Graphemes

/// The length limit quoted in Apple Developer Forums thread 801013 (the iOS 26 Zhuyin
/// report), spec `legacy-marked-guard-limit:limit=N`.
///
/// Original behaviour: `if textField.markedTextRange != nil { return true }`, then refuse
/// when the proposed `NSString` length exceeds N. The guard lets composition through —
/// and with it every commit, since `markedTextRange` is still set when the delegate is
/// asked about one — so a candidate longer than the room left is committed unchecked.
/// Ported to the multi-range delegate by measuring the text the call implies.
package struct LegacyMarkedGuardLimit: InputRule {
    package let limit: Int
    package let spec: String

    package var contract: RuleContract {
        RuleContract(promise: "at most \(limit) characters (NSString length)", limit: .init(limit, .utf16))
    }

    package func shouldChange(_ request: ChangeRequest) -> Bool {
        if request.field.markedRange != nil { return true }
        guard let proposed = request.proposedText else { return true }
        return proposed.length <= limit
    }
}

/// The widely copied `editingChanged` truncations, which cut the text at a UTF-16 offset.
///
/// - `legacy-truncate-count:limit=N` (``Variant/count``; e.g. the `MWCustomTF` of
///   morganwang.xlog.page's "markedTextRange" note, and countless answers like it):
///   `if text.count > N { text = (text as NSString).substring(to: N) }` — a grapheme
///   count used as a UTF-16 index. Marked Pinyin letters count, so "shang" with N = 3 is
///   cut to "sha" mid-composition; and `substring(to:)` cuts wherever the N-th unit
///   falls, so "👍👍" with N = 1 becomes a lone surrogate.
/// - `legacy-truncate-marked-aware:limit=N` (``Variant/markedAware``): the same with the
///   usual guard, `guard textField.markedTextRange == nil else { return }`, then
///   `if text.length > N { text = [text substringToIndex:N] }` on the `NSString`. It
///   waits for the composition to end, but still cuts at a UTF-16 offset: "ab👍" with
///   N = 3 keeps "ab" and the first half of 👍.
package struct LegacyTruncation: InputRule {
    package enum Variant: String, Sendable {
        case count = "legacy-truncate-count"
        case markedAware = "legacy-truncate-marked-aware"

        /// What the original measures: `String.count`, or `NSString.length`.
        var unit: TextUnit { self == .count ? .graphemes : .utf16 }
    }

    package let variant: Variant
    package let limit: Int
    package let spec: String

    package init(_ variant: Variant, limit: Int, spec: String) {
        self.variant = variant
        self.limit = limit
        self.spec = spec
    }

    package var contract: RuleContract {
        let measure = variant == .count ? "String.count" : "NSString length"
        return RuleContract(promise: "at most \(limit) characters (\(measure))", limit: .init(limit, variant.unit))
    }

    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let field = change.after
        if variant == .markedAware, field.markedRange != nil { return nil }
        guard field.text.length(in: variant.unit) > limit else { return nil }
        return TextAssignment(UTF16Text(units: field.text.units.prefix(limit)))
    }
}
