import IMEHarness

/// "At most `limit` characters", done right: it never judges marked text (the user is
/// still choosing 中), it counts grapheme clusters (👩🏽‍💻 is one), and it decides after
/// the change, on the field, so the stale iOS 26 commit range cannot fool it. A commit,
/// paste or keystroke that would make the committed text longer than the limit is
/// undone: the field goes back to its committed text before the event. It never
/// refuses a change that does not lengthen the text, so deleting always works.
///
/// Why undo rather than keep the part that fits: finding "the part that was inserted"
/// by comparing the text before and after is where the usual fixes break (two emoji
/// that share a lead surrogate, a subdivision flag that shares its first tags with
/// another, a ZWJ that joins the new text to the old); the harness's fuzzer finds each
/// of those in seconds. The harness's own `max-length` rule does keep the part that fits.
///
/// Its one delegate answer: refuse a range that does not fit the text. UIKit asks about
/// such ranges on undo (the edit this rule undid is still on UIKit's undo stack), and an
/// app whose delegate accepts one crashes with NSRangeException; the corpus's
/// `programmatic-undo-after-refused-paste` found this rule doing exactly that.
public struct FixedLimit: InputRule {
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    public var spec: String { "fixed-limit-\(limit)" }

    public var contract: RuleContract { .maxLength(limit, .graphemes) }

    public func shouldChange(_ request: ChangeRequest) -> Bool { request.rangesFit }

    public func editingChanged(_ change: FieldChange) -> TextAssignment? {
        let after = change.after
        guard after.markedRange == nil else { return nil }
        let length = after.text.graphemeCount
        let before = change.before.committedText
        guard length > limit, length > before.graphemeCount else { return nil }
        let caret = change.before.markedRange?.location ?? change.before.selection.location
        return TextAssignment(before, selection: .caret(at: min(caret, before.length)))
    }
}
