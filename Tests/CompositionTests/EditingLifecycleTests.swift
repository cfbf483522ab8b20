import Graphemes
import HarnessJSON
import Testing

@testable import Composition

/// The editing lifecycle (`beginEditing`, `endEditing`, `clearButton`, `returnKey`) runs the
/// delegate's lifecycle methods in the order of Apple's `UITextFieldDelegate` overview, and
/// what they do reaches the field.
@Suite struct EditingLifecycleTests {
    /// A delegate that answers each lifecycle moment from a table and records what it saw.
    struct Lifecycle: InputRule {
        var spec: String { "test-lifecycle" }
        var answers: [EditingMoment: EditingResponse] = [:]
        /// Refuses any change while nothing is marked and the text is `limit` units long: a
        /// limit that guards marked text and so lets a composition past it.
        var limit: Int?
        let seen = Recorder()

        final class Recorder: @unchecked Sendable {
            var moments: [(EditingMoment, String)] = []
        }

        var contract: RuleContract { RuleContract(limit: limit.map { RuleContract.Limit($0, .utf16) }) }

        func shouldChange(_ request: ChangeRequest) -> Bool {
            guard let limit, request.field.markedRange == nil, let text = request.proposedText else { return true }
            return text.length <= limit
        }

        func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse {
            if profile == "ios18-single" { seen.moments.append((moment, field.notation)) }
            return answers[moment] ?? EditingResponse()
        }
    }

    func replay(_ events: [SessionEvent], initial: String = "|", rule: Lifecycle) throws -> (Trace, [Discrepancy]) {
        let session = try Fixtures.session("lifecycle", initial, events)
        let result = try Replayer().run(session, profiles: [Fixtures.ios18], rules: [rule], traces: .all)[0]
        return (try #require(result.traces.first), result.findings)
    }

    /// Dismissing the keyboard during a composition commits the marked text without asking
    /// `shouldChangeCharacters`: a limit that lets marked text through is exceeded.
    @Test func endingEditingCommitsMarkedTextPastAMarkedTextGuard() throws {
        let rule = Lifecycle(limit: 3)
        let (trace, found) = try replay(
            [
                .insertText("a"), .setMarkedText("de", selectedRange: .caret(at: 2)),
                .setMarkedText("def", selectedRange: .caret(at: 3)), .endEditing,
            ], rule: rule)
        #expect(trace.final.notation == "adef|")
        #expect(trace.steps[3].calls.isEmpty)
        #expect(trace.steps[3].editing.map(\.moment) == [.shouldEndEditing, .didEndEditing])
        #expect(found.filter { $0.kind == .limitExceeded }.map(\.event) == [3])
        #expect(
            rule.seen.moments.map(\.1) == ["a[def|]", "adef|"], "should-end sees the marked text, did-end the commit")
    }

    @Test func typingAfterEditingEndsIsIgnoredUntilEditingBeginsAgain() throws {
        let (trace, _) = try replay(
            [.insertText("a"), .endEditing, .insertText("b"), .beginEditing, .insertText("c")], rule: Lifecycle())
        #expect(trace.steps.map { $0.note == .notEditing } == [false, false, true, false, false])
        #expect(trace.final.text == "ac")
        #expect(trace.steps[2].editingSummary == "ignored: the field is not editing")
    }

    @Test func refusingToBeginKeepsTheKeyboardAway() throws {
        let rule = Lifecycle(answers: [.shouldBeginEditing: EditingResponse(allows: false)])
        let (trace, _) = try replay([.endEditing, .beginEditing, .insertText("x")], initial: "a|", rule: rule)
        #expect(trace.final.text == "a")
        #expect(trace.steps[1].editingSummary == "textFieldShouldBeginEditing → false")
        #expect(rule.seen.moments.map(\.0) == [.shouldEndEditing, .didEndEditing, .shouldBeginEditing])
    }

    @Test func refusingToEndKeepsTheCompositionAndTheKeyboard() throws {
        let rule = Lifecycle(answers: [.shouldEndEditing: EditingResponse(allows: false)])
        let (trace, _) = try replay(
            [.setMarkedText("ni", selectedRange: .caret(at: 2)), .endEditing, .insertText("你")], rule: rule)
        #expect(trace.steps[1].after.notation == "[ni|]")
        #expect(trace.final.text == "你")
    }

    /// A `didEndEditing` that assigns (a trim, a truncation) is applied, and its damage is
    /// the rule's: here a cut through a surrogate pair.
    @Test func anAssignmentAtTheEndIsTheRules() throws {
        let rule = Lifecycle(answers: [
            .didEndEditing: EditingResponse(assignment: TextAssignment(UTF16Text(units: [0x61, 0xD83D])))
        ])
        let (trace, found) = try replay([.insertText("a😀"), .endEditing], rule: rule)
        #expect(trace.steps[1].rewrittenTo == UTF16Text(units: [0x61, 0xD83D]))
        #expect(!trace.steps[1].newBrokenSpots.isEmpty)
        #expect(found.contains { $0.kind == DiscrepancyKind.brokenText && $0.event == 1 })
    }

    @Test func theClearButtonEmptiesTheFieldUnlessTheDelegateRefuses() throws {
        let (cleared, _) = try replay(
            [.setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .clearButton], initial: "ab|", rule: Lifecycle())
        #expect(cleared.final.notation == "|")
        let refusing = Lifecycle(answers: [.shouldClear: EditingResponse(allows: false)])
        let (kept, _) = try replay([.clearButton], initial: "ab|", rule: refusing)
        #expect(kept.final.notation == "ab|")
    }

    @Test func returnResignsOnlyWhenTheDelegateDoes() throws {
        let staying = Lifecycle()
        let (stayed, _) = try replay([.returnKey, .insertText("b")], initial: "a|", rule: staying)
        #expect(stayed.final.text == "ab")
        #expect(staying.seen.moments.map(\.0) == [.shouldReturn])
        let resigning = Lifecycle(answers: [.shouldReturn: EditingResponse(resigns: true)])
        let (resigned, _) = try replay([.returnKey, .insertText("b")], initial: "a|", rule: resigning)
        #expect(resigned.final.text == "a")
        #expect(resigning.seen.moments.map(\.0) == [.shouldReturn, .shouldEndEditing, .didEndEditing])
    }

    /// Lifecycle events round-trip through `ime-session/1` and through a trace's JSON.
    @Test func lifecycleEventsAndRecordsRoundTrip() throws {
        let events: [SessionEvent] = [.insertText("a"), .returnKey, .clearButton, .endEditing, .beginEditing]
        let session = try Fixtures.session("lifecycle", "|", events)
        let decoded = try Session(json: JSONNode(JSONParser.parse(session.json.rendered())))
        #expect(decoded.events == events)
        let (trace, _) = try replay(events, rule: Lifecycle())
        let reread = try Trace(json: JSONNode(JSONParser.parse(trace.json.rendered())))
        #expect(reread == trace)
    }
}
