import Graphemes
import HarnessJSON

/// Finds every disagreement in the traces of one session replayed with one rule under several profiles.
package enum DiscrepancyDetector {
    /// The discrepancies, ordered by event, then kind, then the order found (profile order).
    ///
    /// - Parameter limit: the limit the rule declares (see ``RuleContract``), checked after every event.
    package static func detect(
        session: Session, traces: [Trace], rule: String, limit: RuleContract.Limit? = nil
    ) -> [Discrepancy] {
        var found: [Discrepancy] = []
        var outcomes: [Outcome] = []
        let recorded = traces.map { recordings(of: session, profile: $0.profile, rule: rule) }
        for index in session.events.indices {
            outcomes.removeAll(keepingCapacity: true)
            for (trace, observed) in zip(traces, recorded) where trace.steps.indices.contains(index) {
                check(
                    trace.steps[index], profile: trace.profile, observed: observed, rule: rule, limit: limit,
                    into: &found)
                outcomes.append(Outcome(trace.steps[index]))
            }
            compare(outcomes, profiles: traces.map(\.profile), event: index, rule: rule, into: &found)
        }
        compareFinal(traces.map { ($0.profile, $0.final) }, session: session, rule: rule, into: &found)
        return sorted(found)
    }

    /// Orders discrepancies by event (session-wide ones last), then kind, then the order found.
    ///
    /// A stable insertion sort: the list is short and nearly sorted already (it is built
    /// event by event), where this does a single pass.
    static func sorted(_ found: [Discrepancy]) -> [Discrepancy] {
        func precedes(_ x: Discrepancy, _ y: Discrepancy) -> Bool {
            let (a, b) = (x.event ?? Int.max, y.event ?? Int.max)
            return a != b ? a < b : x.kind.order < y.kind.order
        }
        var result = found
        for index in result.indices.dropFirst() where precedes(result[index], result[index - 1]) {
            let moving = result[index]
            var position = index
            while position > 0, precedes(moving, result[position - 1]) {
                result[position] = result[position - 1]
                position -= 1
            }
            result[position] = moving
        }
        return result
    }

    /// The calls recorded on a device for `profile`, when `rule` is one they can be checked under:
    /// recordings describe the field with no rule interfering.
    static func recordings(of session: Session, profile: String, rule: String) -> [ObservedCall?]? {
        rule == AcceptEverything().spec ? session.observed[profile] : nil
    }

    /// What the comparison between profiles needs of one step.
    struct Outcome {
        var called: Bool
        var accepted: Bool
        var proposed: UTF16Text?

        init(_ step: TraceStep) {
            called = !step.calls.isEmpty
            accepted = step.accepted
            proposed = called ? step.calls[step.calls.count - 1].proposedText : nil
        }
    }

    /// The discrepancies one profile's step shows on its own.
    static func check(
        _ step: TraceStep, profile: String, observed: [ObservedCall?]?, rule: String, limit: RuleContract.Limit?,
        into found: inout [Discrepancy]
    ) {
        let event = step.eventIndex
        func add(_ kind: DiscrepancyKind, _ evidence: Discrepancy.Evidence) {
            found.append(Discrepancy(kind: kind, event: event, profiles: [profile], rule: rule, evidence: evidence))
        }
        if let problem = step.skipped {
            add(problem.kind, .skippedEvent(step.event, field: step.before, problem: problem))
            return
        }
        for index in step.calls.indices {
            // Fields are read in place: copying a whole record retains all of its texts.
            if let proposed = step.calls[index].proposedText, proposed != step.calls[index].resultingText {
                let record = step.calls[index]
                add(
                    .proposedTextMismatch,
                    .proposedText(
                        profile: profile, call: record.call, seen: record.seen, proposed: proposed,
                        actual: record.resultingText, accepted: record.accepted))
            }
            if !step.calls[index].rangeProblems.isEmpty {
                let record = step.calls[index]
                for problem in record.rangeProblems {
                    add(
                        problem.kind,
                        .callRange(profile: profile, call: record.call, seen: record.seen, problem: problem))
                }
            }
            if step.calls[index].isCompositionStep, !step.calls[index].accepted {
                let record = step.calls[index]
                add(
                    .compositionInterrupted,
                    .rejectedComposition(profile: profile, event: step.event, call: record.call, seen: record.seen))
            }
        }
        if let rewritten = step.rewrittenTo, step.rewriteEndedComposition {
            add(.compositionInterrupted, .assignedWhileMarked(assigned: rewritten, after: step.after))
        }
        if let fault = step.ruleFault {
            add(.ruleCrashed, .ruleFault(profile: profile, event: step.event, field: step.before, fault: fault))
        }
        if !step.newBrokenSpots.isEmpty {
            add(.brokenText, .brokenText(event: step.event, after: step.after, spots: step.newBrokenSpots))
        }
        if let limit, step.after.text != step.before.text, step.after.text.exceeds(limit.count, in: limit.unit) {
            let committed = step.after.committedText
            let length = committed.length(in: limit.unit)
            if length > limit.count, length > step.before.committedText.length(in: limit.unit) {
                add(.limitExceeded, .limit(profile: profile, limit: limit, length: length, after: step.after))
            }
        }
        if let observed, event < observed.count, let expected = observed[event],
            step.calls.count != 1 || !step.calls[0].call.matches(expected)
        {
            add(
                .observedMismatch,
                .observed(profile: profile, event: step.event, predicted: step.calls.map(\.call), observed: expected))
        }
    }

    /// The discrepancies between profiles at one event (`outcomes` in profile order).
    ///
    /// - Parameter keepsEvidence: whether a discrepancy found here can still be kept (see
    ///   ``ReplayLimits``); when not, proposed texts whose UTF-16 lengths already differ are
    ///   not measured further: the mismatch is certain and only counted.
    static func compare(
        _ outcomes: [Outcome], profiles: [String], event: Int, rule: String,
        measure: (UTF16Text) -> TextLengths = TextLengths.init(measuring:), keepsEvidence: Bool = true,
        into found: inout [Discrepancy]
    ) {
        // Most events agree everywhere: check that without measuring or building anything.
        // Equal proposed texts have equal lengths; only different ones are measured.
        var firstText: UTF16Text?
        var firstVerdict: Bool?
        var textsDiffer = false
        var verdictsDiffer = false
        for outcome in outcomes where outcome.called {
            if let text = outcome.proposed {
                if let firstText, firstText != text { textsDiffer = true }
                if firstText == nil { firstText = text }
            }
            if let firstVerdict, firstVerdict != outcome.accepted { verdictsDiffer = true }
            if firstVerdict == nil { firstVerdict = outcome.accepted }
        }
        guard textsDiffer || verdictsDiffer else { return }
        let called = zip(profiles, outcomes).filter { $0.1.called }
        let proposed = called.compactMap { profile, outcome in outcome.proposed.map { (profile, $0) } }
        let certain = !keepsEvidence && Set(proposed.map(\.1.length)).count > 1
        let lengths = proposed.map { profile, text in
            Discrepancy.ProfileValue(
                profile: profile,
                value: certain ? TextLengths(utf16: text.length, scalars: 0, graphemes: 0) : measure(text))
        }
        if Set(lengths.map(\.value)).count > 1 {
            found.append(
                Discrepancy(
                    kind: .lengthMismatch, event: event, profiles: lengths.map(\.profile), rule: rule,
                    evidence: .lengths(lengths)))
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
        case .ruleCrashed: 12
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
    package var json: JSONValue {
        switch self {
        case .single(let range, let replacement): .object([("range", range.json), ("text", .string(replacement))])
        case .multi(let ranges, let replacement):
            .object([("ranges", .array(ranges.map(\.json))), ("text", .string(replacement))])
        }
    }
}
