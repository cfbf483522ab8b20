import Graphemes

/// How much of one session replay is kept for reports: memory then grows with the
/// session, not with the number of its findings times the length of its text.
///
/// A session of a million events, or one that pastes a megabyte and then finds something
/// at every keystroke, would otherwise keep a copy of the field at every step and in
/// every discrepancy. Reports need far less: the HTML timeline draws the first 200
/// events, and a reader reads the first discrepancies of a session, not its millionth.
/// What is not kept is still counted, by kind and profiles (``FindingCount``), so totals,
/// exit codes and matrices stay exact.
package struct ReplayLimits: Hashable, Sendable {
    /// Steps kept per trace: those of the first this many events.
    package var steps: Int
    /// Discrepancies kept in full per session replay; the rest are counted.
    package var discrepancies: Int
    /// UTF-16 units of text the kept steps of a session replay may hold, and again its
    /// kept discrepancies (4 million units: 8 MB each).
    package var textUnits: Int
    /// The kinds of discrepancy looked for: a run that reads only some (the fuzzer reads
    /// those that decide its properties) spares the rest their checks and evidence, which
    /// are neither kept nor counted.
    package var kinds: Set<DiscrepancyKind> { didSet { looksFor = LooksFor(kinds) } }
    /// What the checks ask of ``kinds`` at every step, worked out once (a kind hashes its name).
    private(set) var looksFor: LooksFor

    /// Limits that look for `kinds` (`nil`: every kind).
    package init(
        steps: Int = 200, discrepancies: Int = 1_000, textUnits: Int = 4_000_000, kinds: Set<DiscrepancyKind>? = nil
    ) {
        self.steps = steps
        self.discrepancies = discrepancies
        self.textUnits = textUnits
        // Every kind, the usual case, is worked out once per process: a set of kinds
        // hashes each kind's name, and callers make limits for every session.
        self.kinds = kinds ?? Self.everyKind.kinds
        looksFor = kinds.map(LooksFor.init) ?? Self.everyKind.looksFor
    }

    private static let everyKind = (
        kinds: Set(DiscrepancyKind.allCases), looksFor: LooksFor(Set(DiscrepancyKind.allCases))
    )

    /// Which of the kinds whose checks cost something a run looks for.
    struct LooksFor: Hashable, Sendable {
        var proposed, ranges, broken, lengths, verdicts, expected, limit, observed, all: Bool

        init(_ kinds: Set<DiscrepancyKind>) {
            proposed = kinds.contains(.proposedTextMismatch)
            ranges = !kinds.isDisjoint(with: [.rangeOutOfBounds, .rangeSplitsSurrogate, .rangeSplitsGrapheme])
            broken = kinds.contains(.brokenText)
            lengths = kinds.contains(.lengthMismatch)
            verdicts = kinds.contains(.verdictMismatch)
            expected = kinds.contains(.expectedTextMismatch)
            limit = kinds.contains(.limitExceeded)
            observed = kinds.contains(.observedMismatch)
            all = kinds.count == DiscrepancyKind.allCases.count
        }
    }
}

/// Findings of one kind, under the same profiles, that were counted but not kept.
package struct FindingCount: Hashable, Sendable {
    package var kind: DiscrepancyKind
    package var profiles: [String]
    package var count: Int

    package init(kind: DiscrepancyKind, profiles: [String], count: Int) {
        self.kind = kind
        self.profiles = profiles
        self.count = count
    }
}

/// Keeps discrepancies in order while they fit ``ReplayLimits`` and counts the rest.
struct DiscrepancyBudget {
    let limits: ReplayLimits
    private var keptText = 0
    private(set) var omitted: [FindingCount] = []

    init(_ limits: ReplayLimits) {
        self.limits = limits
    }

    /// Keeps what fits of `found[start...]` in `found`, counting and removing the rest.
    mutating func admit(_ found: inout [Discrepancy], from start: Int) {
        // Most events find nothing: asked after every one, this returns at once for them.
        guard start < found.count else { return }
        var write = start
        for read in start..<found.count {
            let cost = found[read].evidence.textUnits
            if write < limits.discrepancies, keptText <= limits.textUnits - min(cost, limits.textUnits) {
                keptText += cost
                if write != read { found[write] = found[read] }
                write += 1
            } else {
                count(found[read])
            }
        }
        found.removeLast(found.count - write)
    }

    private mutating func count(_ discrepancy: Discrepancy) {
        let kind = discrepancy.kind
        if let index = omitted.firstIndex(where: { $0.kind == kind && $0.profiles == discrepancy.profiles }) {
            omitted[index].count += 1
        } else {
            omitted.append(FindingCount(kind: kind, profiles: discrepancy.profiles, count: 1))
        }
    }
}

extension Discrepancy.Evidence {
    /// The UTF-16 units of text the evidence holds (what keeping it costs).
    var textUnits: Int {
        switch self {
        case .proposedText(_, _, let seen, let proposed, let actual, _):
            seen.text.length + proposed.length + actual.length
        case .callRange(_, _, let seen, _), .rejectedComposition(_, _, _, let seen): seen.text.length
        case .skippedEvent(_, let field, _), .ruleFault(_, _, let field, _): field.text.length
        case .assignedWhileMarked(let assigned, let after): assigned.length + after.text.length
        case .brokenText(_, let after, _), .limit(_, _, _, let after): after.text.length
        case .observed, .lengths, .verdicts: 0
        case .finalFields(let values): values.reduce(0) { $0 + $1.value.text.length }
        case .expectedText(_, let expected, let actual): expected.length + actual.text.length
        case .keyRefused(_, let key, _, let before, let after): key.length + before.text.length + after.text.length
        }
    }
}

extension TraceStep {
    /// The UTF-16 units of text the step holds (fields and calls), shared ones counted again.
    var textUnits: Int {
        calls.reduce(before.text.length + after.text.length) { total, record in
            total + record.seen.text.length + (record.proposedText?.length ?? 0) + record.resultingText.length
        }
    }
}
