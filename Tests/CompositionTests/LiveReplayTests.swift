import Graphemes
import HarnessTestSupport
import Testing

@testable import Composition

/// The closed loop's field (``LiveReplay``): fed the events of a session one by one, it
/// makes the replay's own steps.
@Suite struct LiveReplayTests {
    /// Every shipped session, fed event by event under each profile with a rule that
    /// acts, gives the trace and the findings of the replay of the same events — where no
    /// composition is ended by the app, which only the closed loop tells the input method.
    @Test func fedTheEventsOfASessionItMakesTheReplaysSteps() throws {
        let replayer = try Replayer()
        var compared = 0
        for session in Repository.sessions().sessions {
            for profile in [Fixtures.ios18, Fixtures.ios26] {
                for rule in [AcceptEverything() as any InputRule, RefusesDigits()] {
                    let full = replayer.run(session, profiles: [profile], rules: [rule], traces: .all)[0]
                    let live = try LiveReplay(session: session, profile: profile, rule: rule)
                    var told = false
                    for event in session.events { told = live.apply(event) || told }
                    guard !told else { continue }
                    let (_, result) = live.finish(id: session.id)
                    #expect(result.traces == full.traces, "\(session.id) under \(profile.name)")
                    #expect(result.findings == full.findings.filter { $0.kind != .expectedTextMismatch })
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }

    /// Refuses every call that inserts a digit.
    struct RefusesDigits: InputRule {
        var spec: String { "test-refuses-digits" }
        func shouldChange(_ request: ChangeRequest) -> Bool {
            !request.call.replacement.units.contains { (0x30...0x39).contains($0) }
        }
    }

    /// Assigns the committed text back while text is marked, ending every composition.
    struct AssignsWhileMarked: InputRule {
        var spec: String { "test-assigns-while-marked" }
        func editingChanged(_ change: FieldChange) -> TextAssignment? {
            change.after.markedRange == nil ? nil : TextAssignment(change.after.committedText)
        }
    }

    /// An assignment while text is marked ends the input method's composition: the loop
    /// says so once, and a new composition that follows is carried out, not dropped as the
    /// rest of the old one.
    @Test func anAssignmentWhileMarkedTellsTheInputMethodOnce() throws {
        let session = try Fixtures.session("pinyin", "|", [])
        let live = try LiveReplay(session: session, profile: Fixtures.ios18, rule: AssignsWhileMarked())
        #expect(live.apply(.setMarkedText("n", selectedRange: .caret(at: 1))))
        #expect(live.field == FieldState(text: "", selection: .caret(at: 0)))
        #expect(live.apply(.insertText("x")) == false)
        #expect(live.field.text == "x")
        let (closed, result) = live.finish(id: "loop")
        #expect(closed.events.count == 2)
        #expect(closed.expectedText == "x")
        #expect(result.findings.map(\.kind).contains(.compositionInterrupted))
    }

    /// Traps on the third event.
    struct TrapsOnTheLetterA: InputRule {
        var spec: String { "test-traps-on-a" }
        func shouldChange(_ request: ChangeRequest) -> Bool {
            let units = request.call.replacement.units
            return units.first != 0x61 || units[units.count] == 0
        }
    }

    /// A rule that traps ends the app: a `rule-crashed` step where it trapped, and no later
    /// event reaches the field.
    @Test func aTrapIsAFindingAndNothingLaterReachesTheField() throws {
        let session = try Fixtures.session("letters", "|", [])
        let live = try LiveReplay(session: session, profile: Fixtures.ios18, rule: TrapsOnTheLetterA())
        for text in ["x", "y", "a", "z"] { live.apply(.insertText(UTF16Text(text))) }
        #expect(live.field.text == "xy")
        let (_, result) = live.finish(id: "trap")
        let crashes = result.findings.filter { $0.kind == .ruleCrashed }
        #expect(crashes.map(\.event) == [2])
        #expect(result.traces.first?.steps.count == 4)
    }
}
