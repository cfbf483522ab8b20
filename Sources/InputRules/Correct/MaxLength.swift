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
        // Keep the longest head of the insertion that fits (usually one try: most insertions
        // are one piece) and breaks nothing the text before did not have broken.
        var allowedBroken: Int?
        for count in stride(from: edit.pieces.count - 1, to: 0, by: -1) {
            let candidate = edit.assignment(keepingPieces: count)
            guard !candidate.text.exceeds(limit, in: unit) else { continue }
            let broken = allowedBroken ?? change.before.committedText.brokenSpots.count
            allowedBroken = broken
            if candidate.text.brokenSpots.count <= broken { return candidate }
        }
        return edit.assignment(keepingPieces: 0)
    }
}
