import Graphemes
import HarnessJSON

/// Finds every disagreement in the traces of one session replayed with one rule under several profiles.
public enum DiscrepancyDetector {
    /// The discrepancies, ordered by event, then kind, then profile.
    public static func detect(session: Session, traces: [Trace], rule: String) -> [Discrepancy] {
        var found: [Discrepancy] = []
        for trace in traces { found += singleProfile(session: session, trace: trace, rule: rule) }
        for index in session.events.indices { found += acrossProfiles(event: index, traces: traces, rule: rule) }
        found += finalTexts(session: session, traces: traces, rule: rule)
        let kindOrder = Dictionary(uniqueKeysWithValues: DiscrepancyKind.allCases.enumerated().map { ($1, $0) })
        return found.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if (x.event ?? Int.max) != (y.event ?? Int.max) { return (x.event ?? Int.max) < (y.event ?? Int.max) }
            if x.kind != y.kind { return kindOrder[x.kind, default: 0] < kindOrder[y.kind, default: 0] }
            return a.offset < b.offset
        }.map(\.element)
    }

    private static func singleProfile(session: Session, trace: Trace, rule: String) -> [Discrepancy] {
        var found: [Discrepancy] = []
        let profiles = [trace.profile]
        let observed = rule == AcceptEverything().spec ? session.observed[trace.profile] : nil
        for step in trace.steps {
            let event = step.eventIndex
            let state = step.before.notation
            if let problem = step.skipped {
                found.append(
                    Discrepancy(
                        kind: .rangeOutOfBounds, event: event, profiles: profiles, rule: rule,
                        message: "\(step.event) cannot apply to \"\(state)\": \(problem); the event was skipped",
                        details: .object([("field", .string(state)), ("problem", .string(problem.description))])))
                continue
            }
            for record in step.calls {
                if let proposed = record.proposedText, proposed != record.resultingText {
                    found.append(
                        Discrepancy(
                            kind: .proposedTextMismatch, event: event, profiles: profiles, rule: rule,
                            message:
                                "\(trace.profile) calls \(record.call) on \"\(record.seen.notation)\": the call implies \"\(proposed.visibleDescription)\" but the field then holds \"\(record.resultingText.visibleDescription)\"",
                            details: .object([
                                ("call", callJSON(record.call)), ("field", .string(record.seen.notation)),
                                ("proposedText", .string(proposed)), ("actualText", .string(record.resultingText)),
                            ])))
                }
                for problem in record.rangeProblems {
                    let kind: DiscrepancyKind =
                        switch problem {
                        case .outOfBounds: .rangeOutOfBounds
                        case .splitsSurrogate: .rangeSplitsSurrogate
                        case .splitsGrapheme: .rangeSplitsGrapheme
                        }
                    found.append(
                        Discrepancy(
                            kind: kind, event: event, profiles: profiles, rule: rule,
                            message: "\(trace.profile) calls \(record.call) on \"\(record.seen.notation)\": \(problem)",
                            details: .object([
                                ("call", callJSON(record.call)), ("field", .string(record.seen.notation)),
                                ("problem", .string(problem.description)),
                            ])))
                }
                if record.isCompositionStep, !record.accepted {
                    found.append(
                        Discrepancy(
                            kind: .compositionInterrupted, event: event, profiles: profiles, rule: rule,
                            message:
                                "rule \(rule) rejected \(step.event) (\(trace.profile) call \(record.call)) on \"\(record.seen.notation)\"; the input method carries on from its own state",
                            details: .object([
                                ("call", callJSON(record.call)), ("field", .string(record.seen.notation)),
                            ])))
                }
            }
            if let rewritten = step.rewrittenTo, step.rewriteEndedComposition {
                found.append(
                    Discrepancy(
                        kind: .compositionInterrupted, event: event, profiles: profiles, rule: rule,
                        message:
                            "rule \(rule) assigned \"\(rewritten.visibleDescription)\" to the field while text was marked, ending the composition: \"\(step.after.notation)\"",
                        details: .object([("assigned", .string(rewritten)), ("field", .string(step.after.notation))])))
            }
            if !step.newBrokenSpots.isEmpty {
                found.append(
                    Discrepancy(
                        kind: .brokenText, event: event, profiles: profiles, rule: rule,
                        message:
                            "after \(step.event) the field holds \"\(step.after.notation)\" with \(step.newBrokenSpots.map(\.description).joined(separator: ", "))",
                        details: .object([
                            ("field", .string(step.after.notation)),
                            ("spots", .array(step.newBrokenSpots.map { .string($0.description) })),
                        ])))
            }
            if let observed, event < observed.count, let expected = observed[event] {
                let predicted = step.calls.map(\.call)
                if predicted.count != 1 || !predicted[0].matches(expected) {
                    let shown = predicted.isEmpty ? "no call" : predicted.map(\.description).joined(separator: "; ")
                    found.append(
                        Discrepancy(
                            kind: .observedMismatch, event: event, profiles: profiles, rule: rule,
                            message:
                                "\(trace.profile) predicts \(shown) for \(step.event), but the device called \(expected)",
                            details: .object([
                                ("predicted", .array(predicted.map(callJSON))), ("observed", observedJSON(expected)),
                            ])))
                }
            }
        }
        return found
    }

    private static func acrossProfiles(event: Int, traces: [Trace], rule: String) -> [Discrepancy] {
        var found: [Discrepancy] = []
        let stepped = traces.compactMap { trace in
            trace.steps.indices.contains(event) && !trace.steps[event].calls.isEmpty
                ? (trace.profile, trace.steps[event]) : nil
        }
        let measured = stepped.compactMap { profile, step in step.calls.last?.proposedLengths.map { (profile, $0) } }
        if Set(measured.map(\.1)).count > 1 {
            let values = measured.map { "\($1) under \($0)" }.joined(separator: ", ")
            found.append(
                Discrepancy(
                    kind: .lengthMismatch, event: event, profiles: measured.map(\.0), rule: rule,
                    message: "the proposed text measures (UTF-16/scalars/graphemes) \(values)",
                    details: .object(
                        measured.map { profile, lengths in
                            (
                                profile,
                                .object([
                                    ("utf16", .int(lengths.utf16)), ("scalars", .int(lengths.scalars)),
                                    ("graphemes", .int(lengths.graphemes)),
                                ])
                            )
                        })))
        }
        if Set(stepped.map(\.1.accepted)).count > 1 {
            let values = stepped.map { "\($1.accepted ? "accepts" : "rejects") under \($0)" }.joined(separator: ", ")
            found.append(
                Discrepancy(
                    kind: .verdictMismatch, event: event, profiles: stepped.map(\.0), rule: rule,
                    message: "rule \(rule) \(values)",
                    details: .object(stepped.map { ($0, .bool($1.accepted)) })))
        }
        return found
    }

    private static func finalTexts(session: Session, traces: [Trace], rule: String) -> [Discrepancy] {
        var found: [Discrepancy] = []
        if Set(traces.map(\.final.text)).count > 1 {
            found.append(
                Discrepancy(
                    kind: .finalTextMismatch, event: nil, profiles: traces.map(\.profile), rule: rule,
                    message: "the field ends as "
                        + traces.map { "\"\($0.final.notation)\" under \($0.profile)" }.joined(separator: ", "),
                    details: .object(traces.map { ($0.profile, .string($0.final.text)) })))
        }
        if rule == AcceptEverything().spec, let expected = session.expectedText {
            for trace in traces where trace.final.text != expected {
                found.append(
                    Discrepancy(
                        kind: .expectedTextMismatch, event: nil, profiles: [trace.profile], rule: rule,
                        message:
                            "\(trace.profile) ends with \"\(trace.final.notation)\", the session expects \"\(expected.visibleDescription)\"",
                        details: .object([("expected", .string(expected)), ("actual", .string(trace.final.text))])))
            }
        }
        return found
    }

    static func callJSON(_ call: DelegateCall) -> JSONValue {
        switch call {
        case .single(let range, let replacement): .object([("range", range.json), ("text", .string(replacement))])
        case .multi(let ranges, let replacement):
            .object([("ranges", .array(ranges.map(\.json))), ("text", .string(replacement))])
        }
    }

    static func observedJSON(_ call: ObservedCall) -> JSONValue {
        switch call {
        case .single(let range, let text): callJSON(.single(range: range, replacement: text))
        case .multi(let ranges, let text): callJSON(.multi(ranges: ranges, replacement: text))
        }
    }
}
