import Graphemes

/// What `deleteBackward` removes when nothing is selected.
package enum DeletionUnit: String, Sendable, CaseIterable {
    /// The whole grapheme cluster before the caret (UAX #29), as UIKit does for emoji and flags.
    case grapheme
    /// One Unicode scalar (two units for a surrogate pair).
    case scalar
    /// One UTF-16 code unit, which can split a surrogate pair.
    case utf16
}

/// Which range of a multi-range edit receives the replacement text. UIKit documents
/// only that the field "choose[s] any one of the specified ranges".
public enum MultiRangeTarget: String, Sendable, CaseIterable {
    /// The first range as listed in the call.
    case firstListed = "first-listed"
    /// The range with the lowest location.
    case lowest
    /// The range with the highest location.
    case highest

    /// The index, in `ranges`, of the range that gets the text.
    package func index(in ranges: [UTF16Range]) -> Int {
        guard !ranges.isEmpty else { return 0 }
        switch self {
        case .firstListed: return 0
        case .lowest: return ranges.indices.min { ranges[$0].location < ranges[$1].location } ?? 0
        case .highest: return ranges.indices.max { ranges[$0].location < ranges[$1].location } ?? 0
        }
    }
}

/// How a multi-range edit reaches a delegate that implements only the single-range method
/// (`textField(_:shouldChangeCharactersIn:replacementString:)`): under iOS 26, whose field
/// would call the multi-range one, and under earlier profiles for an edit of several ranges.
public enum SingleRangeFallback: String, Sendable, CaseIterable {
    /// One call per range, from the highest location down: the target gets the text, the
    /// others "", and the change goes ahead only if every call agrees.
    case eachRange = "each-range"
    /// One call for the target range only; the other ranges are deleted without asking.
    case targetOnly = "target-only"
    /// One call with the union of the ranges (from the lowest location to the highest
    /// end) and the replacement: what Apple documents for `UITextView` and `UISearchBar`.
    case unionRange = "union-range"

    /// The single-range calls that stand for a multi-range call of `ranges` and
    /// `replacement`, `target` being the range that receives the text.
    package func calls(for ranges: [UTF16Range], replacement: UTF16Text, target: MultiRangeTarget)
        -> [(range: UTF16Range, replacement: UTF16Text)]
    {
        guard ranges.count > 1 else { return ranges.map { ($0, replacement) } }
        let receiving = target.index(in: ranges)
        switch self {
        case .targetOnly: return [(ranges[receiving], replacement)]
        case .eachRange:
            return ranges.indicesFromLast.map { (ranges[$0], $0 == receiving ? replacement : .empty) }
        case .unionRange: return [(Self.union(of: ranges), replacement)]
        }
    }

    /// The smallest range holding every one of `ranges`.
    package static func union(of ranges: [UTF16Range]) -> UTF16Range {
        let start = ranges.map(\.location).min() ?? 0
        let end = ranges.map(\.end).max() ?? start
        return UTF16Range(location: start, length: end - start)
    }
}

/// A text field's state and the UIKit semantics of every edit to it.
///
/// The model follows `UITextInput`: marked text is provisional text with a selection
/// inside it; committing or unmarking makes it ordinary text; setting the text
/// programmatically ends a composition and puts the caret at the end. Every method
/// expects ranges that lie within the text (callers validate first); none traps.
package struct TextField: Hashable, Sendable {
    package var state: FieldState
    /// What the edits since the field was made, or since ``forgetEdits()``, left untouched
    /// at the two ends of its text (`nil`: no edit replaced any of it). Replay keeps the
    /// field before each event beside it and brings it level through this stretch alone.
    /// Not part of the field's value: two fields holding the same state are equal.
    package private(set) var edits: UnchangedEnds?

    package init(_ state: FieldState) {
        self.state = state
    }

    package var text: UTF16Text { state.text }

    package static func == (a: TextField, b: TextField) -> Bool { a.state == b.state }

    package func hash(into hasher: inout Hasher) { hasher.combine(state) }

    /// Starts counting edits afresh (``edits``).
    package mutating func forgetEdits() { edits = nil }

    /// Replaces `range` of the text, noting the edit.
    private mutating func replaceText(_ range: UTF16Range, with replacement: UTF16Text) {
        edits = .afterReplacing(range, inTextOf: state.text.length, was: edits)
        state.text.replace(range, with: replacement)
    }

    /// `setMarkedText(_:selectedRange:)`. Empty marked text leaves nothing marked.
    package mutating func setMarkedText(_ marked: UTF16Text, selectedRange: UTF16Range) {
        let target = state.markedRange ?? state.selection
        replaceText(target, with: marked)
        if marked.isEmpty {
            state.markedRange = nil
            state.selection = .caret(at: target.location)
        } else {
            state.markedRange = UTF16Range(location: target.location, length: marked.length)
            let location = target.location + min(selectedRange.location, marked.length)
            state.selection = UTF16Range(
                location: location, length: min(selectedRange.length, marked.length - (location - target.location)))
        }
    }

    /// `unmarkText()`: the marked text stays as ordinary text.
    package mutating func unmarkText() {
        state.markedRange = nil
    }

    /// `insertText(_:)`: commits over the marked text, or replaces the selection.
    package mutating func insertText(_ inserted: UTF16Text) {
        let target = state.markedRange ?? state.selection
        replace(target, with: inserted)
    }

    /// Replaces `range` (ending any composition) and puts the caret after the new text.
    package mutating func replace(_ range: UTF16Range, with replacement: UTF16Text) {
        replaceText(range, with: replacement)
        state.markedRange = nil
        state.selection = .caret(at: range.location + replacement.length)
    }

    /// The range `deleteBackward` removes: the selection, else the unit before the caret
    /// (`nil` at the start of the text, where nothing is deleted).
    package func deletionRange(unit: DeletionUnit) -> UTF16Range? {
        let selection = state.selection
        if !selection.isEmpty { return selection }
        let caret = selection.location
        guard caret > 0, caret <= text.length else { return nil }
        switch unit {
        case .utf16:
            return UTF16Range(location: caret - 1, length: 1)
        case .scalar:
            let pair = caret >= 2 && UTF16.isTrailSurrogate(text[caret - 1]) && UTF16.isLeadSurrogate(text[caret - 2])
            return pair ? UTF16Range(location: caret - 2, length: 2) : UTF16Range(location: caret - 1, length: 1)
        case .grapheme:
            return UTF16Range(text.graphemeClusterStart(before: caret)..<caret)
        }
    }

    /// `deleteBackward()`. A deletion inside the marked text shrinks it (to nothing
    /// ends the composition); one before it shifts it; one across its edge ends it.
    package mutating func deleteBackward(unit: DeletionUnit) {
        guard let range = deletionRange(unit: unit) else { return }
        replaceText(range, with: .empty)
        state.selection = .caret(at: range.location)
        guard let marked = state.markedRange else { return }
        if range.location >= marked.location, range.end <= marked.end {
            let length = marked.length - range.length
            state.markedRange = length > 0 ? UTF16Range(location: marked.location, length: length) : nil
        } else if range.end <= marked.location {
            state.markedRange = UTF16Range(location: marked.location - range.length, length: marked.length)
        } else if range.location < marked.end {
            state.markedRange = nil
        }
    }

    /// A multi-range edit: the `target` range gets `replacement`, the others are deleted.
    /// Ranges are applied from the highest location down, so none shifts another.
    package mutating func replaceRanges(_ ranges: [UTF16Range], with replacement: UTF16Text, target: MultiRangeTarget) {
        let targetIndex = target.index(in: ranges)
        var caret = 0
        for index in ranges.indicesFromLast {
            let text = index == targetIndex ? replacement : .empty
            replaceText(ranges[index], with: text)
        }
        if targetIndex < ranges.count {
            let target = ranges[targetIndex]
            let removedBefore = ranges.enumerated()
                .filter { $0.offset != targetIndex && $0.element.location < target.location }
                .reduce(0) { $0 + $1.element.length }
            caret = target.location - removedBefore + replacement.length
        }
        state.markedRange = nil
        state.selection = .caret(at: caret)
    }

    /// Moves the selection; moving it out of the marked text ends the composition.
    package mutating func setSelection(_ range: UTF16Range) {
        state.selection = range
        if let marked = state.markedRange, range.location < marked.location || range.end > marked.end {
            state.markedRange = nil
        }
    }

    /// `textField.text = text`: ends any composition and puts the caret at the end.
    package mutating func setTextProgrammatically(_ newText: UTF16Text) {
        edits = .nothing
        state = FieldState(text: newText)
    }
}

extension UTF16Range {
    /// Text order for the ranges of a multi-range edit: by location, then by end, so an
    /// empty range sorts before a range that starts where it is.
    static func precedes(_ a: UTF16Range, _ b: UTF16Range) -> Bool {
        a.location != b.location ? a.location < b.location : a.end < b.end
    }
}

extension [UTF16Range] {
    /// The indices of the ranges from the last in text order to the first: the order in
    /// which replacing them leaves the others' offsets valid.
    var indicesFromLast: [Int] { indices.sorted { UTF16Range.precedes(self[$1], self[$0]) } }

    /// Whether two of the ranges overlap (an empty range at another's start does not).
    var overlaps: Bool {
        let sorted = self.sorted(by: UTF16Range.precedes)
        return sorted.indices.dropFirst().contains { sorted[$0].location < sorted[$0 - 1].end }
    }
}
