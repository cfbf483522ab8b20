import Graphemes
import HarnessJSON

/// Finds every disagreement in the traces of one session replayed with one rule under several profiles.
public enum DiscrepancyDetector {
    /// The discrepancies, ordered by event, then kind, then the order found (profile order).
    public static func detect(session: Session, traces: [Trace], rule: String) -> [Discrepancy] {
        var found: [Discrepancy] = []
        var steps: [TraceStep] = []
        for index in session.events.indices {
            steps.removeAll(keepingCapacity: true)
            for trace in traces where trace.steps.indices.contains(index) {
                check(trace.steps[index], profile: trace.profile, session: session, rule: rule, into: &found)
                steps.append(trace.steps[index])
            }
            compare(steps, profiles: traces.map(\.profile), event: index, rule: rule, into: &found)
        }
        compareFinal(traces.map { ($0.profile, $0.final) }, session: session, rule: rule, into: &found)
        return sorted(found)
    }

    /// Orders discrepancies by event (session-wide ones last), then kind, then the order found.
    static func sorted(_ found: [Discrepancy]) -> [Discrepancy] {
        guard found.count > 1 else { return found }
        return found.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if (x.event ?? Int.max) != (y.event ?? Int.max) { return (x.event ?? Int.max) < (y.event ?? Int.max) }
            if x.kind != y.kind { return x.kind.order < y.kind.order }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The discrepancies one profile's step shows on its own.
    static func check(
        _ step: TraceStep, profile: String, session: Session, rule: String, into found: inout [Discrepancy]
    ) {
        let event = step.eventIndex
        func add(_ kind: DiscrepancyKind, _ evidence: Discrepancy.Evidence) {
            found.append(Discrepancy(kind: kind, event: event, profiles: [profile], rule: rule, evidence: evidence))
        }
        if let problem = step.skipped {
            add(.rangeOutOfBounds, .skippedEvent(step.event, field: step.before, problem: problem))
            return
        }
        for record in step.calls {
            if let proposed = record.proposedText, proposed != record.resultingText {
                add(
                    .proposedTextMismatch,
                    .proposedText(
                        profile: profile, call: record.call, seen: record.seen, proposed: proposed,
                        actual: record.resultingText))
            }
            for problem in record.rangeProblems {
                add(problem.kind, .callRange(profile: profile, call: record.call, seen: record.seen, problem: problem))
            }
            if record.isCompositionStep, !record.accepted {
                add(
                    .compositionInterrupted,
                    .rejectedComposition(profile: profile, event: step.event, call: record.call, seen: record.seen))
            }
        }
        if let rewritten = step.rewrittenTo, step.rewriteEndedComposition {
            add(.compositionInterrupted, .assignedWhileMarked(assigned: rewritten, after: step.after))
        }
        if !step.newBrokenSpots.isEmpty {
            add(.brokenText, .brokenText(event: step.event, after: step.after, spots: step.newBrokenSpots))
        }
        // Recordings describe the field with no rule interfering; other rules do not check them.
        if rule == AcceptEverything().spec, let observed = session.observed[profile], event < observed.count,
            let expected = observed[event], step.calls.count != 1 || !step.calls[0].call.matches(expected)
        {
            add(
                .observedMismatch,
                .observed(profile: profile, event: step.event, predicted: step.calls.map(\.call), observed: expected))
        }
    }

    /// The discrepancies between profiles at one event (`steps` in profile order).
    static func compare(
        _ steps: [TraceStep], profiles: [String], event: Int, rule: String, into found: inout [Discrepancy]
    ) {
        // Most events agree everywhere: check that without measuring or building anything.
        // Equal proposed texts have equal lengths; only different ones are measured.
        var firstText: UTF16Text?
        var firstVerdict: Bool?
        var textsDiffer = false
        var verdictsDiffer = false
        for step in steps where !step.calls.isEmpty {
            if let text = step.calls.last?.proposedText {
                if let firstText, firstText != text { textsDiffer = true }
                if firstText == nil { firstText = text }
            }
            if let firstVerdict, firstVerdict != step.accepted { verdictsDiffer = true }
            if firstVerdict == nil { firstVerdict = step.accepted }
        }
        let measured = textsDiffer ? steps.compactMap { $0.calls.last?.proposedLengths } : []
        let lengthsDiffer = Set(measured).count > 1
        guard lengthsDiffer || verdictsDiffer else { return }
        let called = zip(profiles, steps).filter { !$0.1.calls.isEmpty }
        if lengthsDiffer {
            let values = called.compactMap { profile, step in
                step.calls.last?.proposedLengths.map { Discrepancy.ProfileValue(profile: profile, value: $0) }
            }
            found.append(
                Discrepancy(
                    kind: .lengthMismatch, event: event, profiles: values.map(\.profile), rule: rule,
                    evidence: .lengths(values)))
        }
        if verdictsDiffer {
            let values = called.map { Discrepancy.ProfileValue(profile: $0.0, value: $0.1.accepted) }
            found.append(
                Discrepancy(
                    kind: .verdictMismatch, event: event, profiles: values.map(\.profile), rule: rule,
                    evidence: .verdicts(values)))
        }
    }

    /// The discrepancies of the fields each profile ends with.
    static func compareFinal(
        _ finals: [(String, FieldState)], session: Session, rule: String, into found: inout [Discrepancy]
    ) {
        if let first = finals.first, finals.contains(where: { $0.1.text != first.1.text }) {
            found.append(
                Discrepancy(
                    kind: .finalTextMismatch, event: nil, profiles: finals.map(\.0), rule: rule,
                    evidence: .finalFields(finals.map { .init(profile: $0.0, value: $0.1) })))
        }
        if rule == AcceptEverything().spec, let expected = session.expectedText {
            for (profile, final) in finals where final.text != expected {
                found.append(
                    Discrepancy(
                        kind: .expectedTextMismatch, event: nil, profiles: [profile], rule: rule,
                        evidence: .expectedText(profile: profile, expected: expected, actual: final)))
            }
        }
    }
}

extension DiscrepancyKind {
    /// The position of the kind in the documented order (used to sort discrepancies).
    var order: Int {
        switch self {
        case .proposedTextMismatch: 0
        case .lengthMismatch: 1
        case .verdictMismatch: 2
        case .finalTextMismatch: 3
        case .rangeOutOfBounds: 4
        case .rangeSplitsSurrogate: 5
        case .rangeSplitsGrapheme: 6
        case .compositionInterrupted: 7
        case .brokenText: 8
        case .limitExceeded: 9
        case .observedMismatch: 10
        case .expectedTextMismatch: 11
        }
    }
}

extension RangeProblem {
    /// The discrepancy kind this problem is reported as.
    var kind: DiscrepancyKind {
        switch self {
        case .outOfBounds: .rangeOutOfBounds
        case .splitsSurrogate: .rangeSplitsSurrogate
        case .splitsGrapheme: .rangeSplitsGrapheme
        }
    }
}

extension DelegateCall {
    /// `{"range": [0, 2], "text": "王"}` or `{"ranges": [[2, 0]], "text": "王"}`.
    public var json: JSONValue {
        switch self {
        case .single(let range, let replacement): .object([("range", range.json), ("text", .string(replacement))])
        case .multi(let ranges, let replacement):
            .object([("ranges", .array(ranges.map(\.json))), ("text", .string(replacement))])
        }
    }
}
