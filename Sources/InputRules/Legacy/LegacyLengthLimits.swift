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
public struct LegacyMarkedGuardLimit: InputRule {
    public let limit: Int
    public let spec: String

    public init(limit: Int, spec: String? = nil) {
        self.limit = limit
        self.spec = spec ?? "legacy-marked-guard-limit:limit=\(limit)"
    }

    public var contract: RuleContract {
        RuleContract(promise: "at most \(limit) characters (NSString length)", limit: .init(limit, .utf16))
    }

    public func shouldChange(_ request: ChangeRequest) -> Bool {
        if request.field.markedRange != nil { return true }
        guard let proposed = request.proposedText else { return true }
        return proposed.length <= limit
    }
}

/// A widely copied `editingChanged` truncation, spec `legacy-truncate-count:limit=N`
/// (e.g. the `MWCustomTF` of morganwang.xlog.page's "markedTextRange" note, and countless
/// answers like it).
///
/// Original behaviour: `if text.count > N { text = (text as NSString).substring(to: N) }`
/// — a grapheme count used as a UTF-16 index. Marked Pinyin letters count, so "shang"
/// with N = 3 is cut to "sha" mid-composition; and `substring(to:)` cuts wherever the
/// N-th unit falls, so "👍👍" with N = 1 becomes a lone surrogate.
public struct LegacyTruncateCount: InputRule {
    public let limit: Int
    public let spec: String

    public init(limit: Int, spec: String? = nil) {
        self.limit = limit
        self.spec = spec ?? "legacy-truncate-count:limit=\(limit)"
    }

    public var contract: RuleContract {
        RuleContract(promise: "at most \(limit) characters (String.count)", limit: .init(limit, .graphemes))
    }

    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let text = change.after.text
        guard text.graphemeCount > limit else { return nil }
        return TextAssignment(text.prefix(units: limit))
    }
}

/// The same truncation with the usual `markedTextRange` guard, spec
/// `legacy-truncate-marked-aware:limit=N`.
///
/// Original behaviour: `guard textField.markedTextRange == nil else { return }`, then
/// `if text.length > N { text = [text substringToIndex:N] }` on the `NSString`. It waits
/// for the composition to end, but still cuts at a UTF-16 offset: "ab👍" with N = 3
/// keeps "ab" and the first half of 👍.
public struct LegacyTruncateMarkedAware: InputRule {
    public let limit: Int
    public let spec: String

    public init(limit: Int, spec: String? = nil) {
        self.limit = limit
        self.spec = spec ?? "legacy-truncate-marked-aware:limit=\(limit)"
    }

    public var contract: RuleContract {
        RuleContract(promise: "at most \(limit) characters (NSString length)", limit: .init(limit, .utf16))
    }

    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let field = change.after
        guard field.markedRange == nil, field.text.length > limit else { return nil }
        return TextAssignment(field.text.prefix(units: limit))
    }
}

extension UTF16Text {
    /// `substringToIndex:`: the first `count` UTF-16 units, wherever that cuts.
    func prefix(units count: Int) -> UTF16Text {
        UTF16Text(units: units.prefix(count))
    }
}
