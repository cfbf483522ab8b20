import Foundation
import IMEHarness

/// The precision suite's Android members (issue 42): length limits written correctly for
/// Android's input connection, which the Android replay and fuzzer must never report.
extension PrecisionRules {
    /// Every Android member, in a stable order.
    static let android: [AndroidRule] = [compositionAwareFilter, watcherLeavingComposingText]

    /// How many UTF-16 units of `text`'s whole characters fit in `room`.
    static func unitsOfWholeCharacters(_ text: String, fitting room: Int) -> Int {
        var units = 0
        for character in text {
            guard units + character.utf16.count <= room else { break }
            units += character.utf16.count
        }
        return units
    }

    /// Removes whole characters just before the caret until the text fits `limit` UTF-16
    /// units: what was just committed goes, not what the user typed before.
    static func trimBeforeCaret(_ s: Editable, limit: Int) {
        let excess = s.length - limit
        guard excess > 0 else { return }
        let caret = Selection.getSelectionEnd(s)
        let before = String(s.toString().utf16.prefix(caret)) ?? ""
        var removed = 0
        for character in before.reversed() {
            guard removed < excess else { break }
            removed += character.utf16.count
        }
        s.delete(max(0, caret - removed), caret)
    }

    /// An `InputFilter` that leaves composing text to the keyboard (the source carries the
    /// composing span `setComposingText` put on it) and keeps whole characters of what fits
    /// of every commit; a `SpanWatcher` trims a composition that ended without a commit
    /// (`finishComposingText`, which runs no filter).
    static let compositionAwareFilter = AndroidRule.inputFilters(
        "precision-android-composition-aware-filter-10", contract: .maxLength(10, .utf16),
        [
            InputFilter("composition-aware-length-10") { source, start, end, dest, dstart, dend in
                if BaseInputConnection.getComposingSpanStart(source) != -1 { return nil }
                let keep = 10 - (dest.length - (dend - dstart))
                if keep >= end - start { return nil }
                if keep <= 0 { return "" }
                let units = unitsOfWholeCharacters(source.subSequence(start, end).toString(), fitting: keep)
                return source.subSequence(start, start + units)
            }
        ], composingFinished: { s in trimBeforeCaret(s, limit: 10) })

    /// A `TextWatcher` that leaves the text alone while anything composes, and otherwise
    /// trims what was just committed to fit; the same `SpanWatcher` for a composition that
    /// ended without a commit.
    static let watcherLeavingComposingText = AndroidRule.textWatcher(
        "precision-android-watcher-10", contract: .maxLength(10, .utf16),
        composingFinished: { s in trimBeforeCaret(s, limit: 10) },
        afterTextChanged: { s in
            guard BaseInputConnection.getComposingSpanStart(s) == -1 else { return }
            trimBeforeCaret(s, limit: 10)
        })
}
