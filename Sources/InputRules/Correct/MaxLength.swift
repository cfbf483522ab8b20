import Composition
import Graphemes

/// A length limit that never splits a grapheme, never blocks a deletion, and, in
/// `after-composition` mode, never breaks a composition. Spec
/// `max-length:limit=N[,unit=graphemes|utf16|scalars][,enforcement=after-composition|enforced]`.
///
/// - `after-composition` (the default; Flutter's
///   `MaxLengthEnforcement.truncateAfterCompositionEnds`): marked text may run over the
///   limit; once nothing is marked, the inserted text is cut, whole clusters from its
///   end, to fit — so the candidate a Pinyin user picks is kept as far as it fits, and a
///   paste keeps its head.
/// - `enforced` (Flutter's `MaxLengthEnforcement.enforced`): the same, and while text is
///   marked the delegate also refuses updates that would take the whole text, marked
///   text included, further past the limit. Near the limit that can interrupt a
///   composition, as it does in Flutter; it suits fields where no input method composes.
///   Once it has refused a commit, the field keeps marked text the input method has
///   already committed, and a later edit's empty range at the end of that text means
///   "replace the marked text" to a single-range delegate but not to a multi-range one:
///   the fuzzer finds sessions where the two profiles then end differently, so this mode
///   does not claim profile independence (every shipped corpus session still ends alike).
///
/// The delegate reads a change robustly (``ChangeRequest/resultingText``): while text is
/// marked the replacement replaces the marked text, whatever range the platform reports.
/// That needs `markedTextRange` to be set while the delegate is asked about a commit,
/// as both shipped profiles state (`markedRangeVisibleDuringCommit`); a platform that
/// hid it would leave the enforced mode reading the reported range literally.
/// Everything else is decided after the change, on the field itself (see
/// ``CommittedEdit``), so the rule ends every session with the same text under every
/// profile.
package struct MaxLength: InputRule {
    package enum Enforcement: String, CaseIterable, Sendable {
        case afterComposition = "after-composition"
        case enforced
    }

    /// The units a limit may count in.
    package static let units: [TextUnit] = [.graphemes, .utf16, .scalars]

    package let limit: Int
    package let unit: TextUnit
    package let enforcement: Enforcement
    package let spec: String
    /// Made once: replay reads it at the start of every session, and building its promise
    /// cost 3,000 instructions each time (1% of a fuzzed session).
    package let contract: RuleContract

    package init(
        limit: Int, unit: TextUnit = .graphemes, enforcement: Enforcement = .afterComposition, spec: String
    ) {
        self.limit = limit
        self.unit = unit
        self.enforcement = enforcement
        self.spec = spec
        contract = RuleContract(
            promise: "at most \(limit) \(unit.rawValue) of committed text", limit: .init(limit, unit),
            compositionSafe: enforcement == .afterComposition, profileIndependent: enforcement == .afterComposition)
    }

    package func shouldChange(_ request: ChangeRequest) -> Bool {
        guard request.rangesFit else { return false }
        guard enforcement == .enforced, request.field.markedRange != nil, !request.isDeletion,
            let result = request.resultingText
        else { return true }
        let length = result.length(in: unit)
        return length <= limit || length <= request.field.text.length(in: unit)
    }

    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        guard change.after.markedRange == nil, change.after.text.exceeds(limit, in: unit),
            let edit = CommittedEdit(change)
        else { return nil }
        // Keep the longest head of the insertion that fits and breaks nothing the text before
        // did not have broken. Each candidate is measured whole (a cut can join or split
        // clusters around it), so candidates are few: the count the pieces' own lengths
        // predict, confirmed by measuring it and the next (a search only where the
        // prediction is off), then the heads below it until one is unbroken (a search
        // again past a few). A paste of 160,000 clusters costs a few measures, not one per
        // cluster.
        let upper = edit.pieces.count - 1
        guard upper >= 1 else { return edit.assignment(keepingPieces: 0) }
        let fits = { (count: Int) in !edit.assignment(keepingPieces: count).text.exceeds(self.limit, in: self.unit) }
        guard let fitting = CommittedEdit.largestCount(in: 1...upper, guess: predictedCount(edit, change), fits)
        else { return edit.assignment(keepingPieces: 0) }
        let allowed = change.before.committedText.brokenSpots.count
        let unbroken = { (count: Int) in edit.assignment(keepingPieces: count).text.brokenSpots.count <= allowed }
        guard let kept = CommittedEdit.largestCount(in: 1...fitting, guess: fitting, unbroken) else {
            return edit.assignment(keepingPieces: 0)
        }
        return edit.assignment(keepingPieces: kept)
    }

    /// How many pieces of the insertion fit, from the length of the whole text and the
    /// lengths of the pieces in ``unit`` (a whole cluster counts one grapheme, a piece of a
    /// cluster none): exact unless a cut joins or splits clusters.
    private func predictedCount(_ edit: CommittedEdit, _ change: FieldChange) -> Int {
        var length = change.after.text.length(in: unit)
        var count = edit.pieces.count
        while count > 0, length > limit {
            count -= 1
            let piece = edit.piece(count)
            let pieceLength =
                switch unit {
                case .graphemes: edit.isWholeCluster(count) ? 1 : 0
                case .utf16: piece.count
                default: UTF16Text(units: Array(piece)).length(in: unit)
                }
            length -= pieceLength
        }
        return count
    }
}
