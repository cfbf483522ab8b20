import Graphemes

/// Replays sessions through a platform's delegate model with a rule inside.
///
/// A class because it owns an ICU break iterator (through its ``TextAnalyzer``), reused
/// for every text it measures; use one replayer per thread.
public final class Replayer {
    private let analyzer: TextAnalyzer

    /// - Throws: ``ICUError`` when ICU cannot load its grapheme break rules.
    public init() throws(ICUError) {
        analyzer = try TextAnalyzer()
    }

    /// Replays `session` under `profile` with `rule`.
    public func replay(_ session: Session, profile: PlatformProfile, rule: any InputRule) -> Trace {
        let model = DelegateModel(profile: profile)
        var field = TextField(session.initial)
        var steps: [TraceStep] = []
        steps.reserveCapacity(session.events.count)
        var brokenBefore = analyzer.brokenSpots(in: field.text)
        for (index, event) in session.events.enumerated() {
            let before = field.state
            if let problem = eventRangeProblem(event, in: field.text) {
                steps.append(
                    TraceStep(
                        eventIndex: index, event: event, before: before, calls: [], skipped: problem, rewrittenTo: nil,
                        rewriteEndedComposition: false, after: before, newBrokenSpots: []))
                continue
            }
            var calls: [CallRecord] = []
            for plan in model.plan(event, on: field) {
                var wouldBe = field
                model.apply(plan.effect, to: &wouldBe)
                guard let call = plan.call else {
                    field = wouldBe
                    continue
                }
                var seen = field.state
                if plan.isCompositionStep, case .event(.insertText) = plan.effect,
                    !profile.markedRangeVisibleDuringCommit
                {
                    seen.markedRange = nil
                }
                let request = ChangeRequest(field: seen, call: call, multiRangeTarget: profile.multiRangeTarget)
                let proposed = call.proposedText(applyingTo: field.text, target: profile.multiRangeTarget)
                let accepted = rule.shouldChange(request)
                calls.append(
                    CallRecord(
                        call: call, seen: seen, proposedText: proposed,
                        proposedLengths: proposed.map { analyzer.lengths(of: $0) },
                        resultingText: wouldBe.text, accepted: accepted,
                        rangeProblems: rangeProblems(call.ranges, in: field.text),
                        isCompositionStep: plan.isCompositionStep))
                if accepted { field = wouldBe }
            }
            var rewrittenTo: UTF16Text?
            var endedComposition = false
            if field.state != before, let newText = rule.editingChanged(field.state),
                newText != field.text || profile.sameTextEndsComposition
            {
                endedComposition = field.state.markedRange != nil
                field.setTextProgrammatically(newText)
                rewrittenTo = newText
            }
            var newSpots: [BrokenSpot] = []
            if field.text != before.text {
                let brokenAfter = analyzer.brokenSpots(in: field.text)
                if brokenAfter.count > brokenBefore.count {
                    newSpots = brokenAfter.filter { !brokenBefore.contains($0) }
                }
                brokenBefore = brokenAfter
            }
            steps.append(
                TraceStep(
                    eventIndex: index, event: event, before: before, calls: calls, skipped: nil,
                    rewrittenTo: rewrittenTo,
                    rewriteEndedComposition: endedComposition, after: field.state, newBrokenSpots: newSpots))
        }
        return Trace(sessionID: session.id, profile: profile.name, rule: rule.spec, steps: steps, final: field.state)
    }

    /// A range the event itself carries that does not fit `text` (the event cannot happen).
    private func eventRangeProblem(_ event: SessionEvent, in text: UTF16Text) -> RangeProblem? {
        let ranges: [UTF16Range] =
            switch event {
            case .replace(let range, _), .setSelection(let range): [range]
            case .replaceRanges(let ranges, _): ranges
            default: []
            }
        for range in ranges where !fits(range, text) { return .outOfBounds(range, textLength: text.length) }
        return nil
    }

    private func fits(_ range: UTF16Range, _ text: UTF16Text) -> Bool {
        range.location >= 0 && range.length >= 0 && range.location <= text.length
            && range.length <= text.length - range.location
    }

    /// The problems of a call's ranges in the text at call time.
    private func rangeProblems(_ ranges: [UTF16Range], in text: UTF16Text) -> [RangeProblem] {
        var problems: [RangeProblem] = []
        var boundaries: [Int]?
        for range in ranges {
            guard fits(range, text) else {
                problems.append(.outOfBounds(range, textLength: text.length))
                continue
            }
            for offset in Set([range.location, range.end]).sorted() where offset > 0 && offset < text.length {
                if text.splitsSurrogatePair(at: offset) {
                    problems.append(.splitsSurrogate(range, offset: offset))
                    continue
                }
                let known = boundaries ?? analyzer.boundaries(of: text)
                boundaries = known
                if !known.contains(offset) { problems.append(.splitsGrapheme(range, offset: offset)) }
            }
        }
        return problems
    }
}
