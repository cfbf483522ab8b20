import Graphemes

/// One profile's replay of a session whose events are made as it goes: a closed-loop
/// driver (a real input-method engine, whose next event depends on what the field did
/// with the last) hands it one event at a time, and is told after each whether the app
/// ended the composition the input method holds.
///
/// Each event is the full replay's step (``Replayer/tracedStep(_:event:index:rule:crash:)``),
/// so the trace, the discrepancies and the properties are what a replay of the same events
/// gives, with one difference: the open-loop replay keeps the recording's composition
/// alive in its bookkeeping after the app ended it, and drops the rest of it as
/// `diverged` (``Replayer/ProfileReplay/droppingComposition``); here the input method has
/// been told and has dropped it itself, so the events that follow are a new composition.
/// What the platform tells it, and when: the app assigned the text while text was
/// marked, which UIKit reports to the input system through its `UITextInputDelegate`
/// (`textWillChange(_:)`/`textDidChange(_:)`, developer.apple.com/documentation/uikit/uitextinputdelegate);
/// that the keyboard then drops its composition without committing it is the profile's
/// model of iOS (`assumed`, as in the open-loop replay: React Native #19313 shows the
/// Korean keyboard starting over after such an assignment). A refused call tells the input
/// method nothing: it carries on from its own state, as in the open-loop replay.
///
/// A rule that traps ends the app: the replay is made again from the start with the rule
/// built anew (``InputRule/onDevice(region:)``), the step that trapped is a `rule-crashed`
/// step, and no later event reaches the field.
package final class LiveReplay {
    private let replayer: Replayer
    private var run: Replayer.ProfileReplay
    private let model: DelegateModel
    private var header: Session
    /// The rule as given, from which it is built anew after a trap.
    private let original: any InputRule
    private var rule: any InputRule
    private var steps: [TraceStep] = []
    private var crash: Replayer.Crash?

    /// A replay of events on the field `session` starts with (its events are ignored),
    /// under `profile`, with `rule`.
    ///
    /// - Throws: ``ICUError`` when ICU cannot load its grapheme break rules.
    package init(session: Session, profile: PlatformProfile, rule: any InputRule) throws(ICUError) {
        replayer = try Replayer()
        header = session
        header.events = []
        model = DelegateModel(profile: profile)
        original = rule
        self.rule = rule.onDevice(region: session.keyboard?.region ?? session.locale)
        run = Self.start(header, replayer: replayer, model: model)
    }

    /// The profile's replay of `session`'s field, keeping its undo stack: which events are
    /// still to come is not known, and an undo among them needs it.
    private static func start(_ session: Session, replayer: Replayer, model: DelegateModel) -> Replayer.ProfileReplay {
        replayer.start(
            session, model: model, brokenCount: replayer.analyzer.brokenSpots(in: session.initial.text).count,
            tracksUndo: true)
    }

    /// The field as the events so far left it.
    package var field: FieldState { run.field.state }

    /// The events carried out so far.
    package var events: [SessionEvent] { header.events }

    /// Carries out `event`, the next one; `true` when the app ended the composition the
    /// input method holds during it (see above), which the driver then tells the input
    /// method.
    package func apply(_ event: SessionEvent) -> Bool {
        let index = header.events.count
        header.events.append(event)
        if let crash {
            steps.append(replayer.tracedStep(&run, event: event, index: index, rule: rule, crash: crash))
            return false
        }
        var made: TraceStep?
        let trap = RuleGuard.run { [self] in made = stepOnce(event, index: index) }
        if let made, trap == nil {
            steps.append(made)
        } else {
            // Abandoned mid-step: made again from the start, deterministic as it is, with
            // the rule built anew, up to the step that trapped.
            crash = Replayer.Crash(event: index, fault: trap ?? "trapped")
            rule = original.onDevice(region: header.keyboard?.region ?? header.locale)
            run = Self.start(header, replayer: replayer, model: model)
            steps = []
            for (earlier, recorded) in header.events.enumerated() {
                steps.append(replayer.tracedStep(&run, event: recorded, index: earlier, rule: rule, crash: crash))
                if earlier < index { tellInputMethod() }
            }
            return false
        }
        return tellInputMethod()
    }

    private func stepOnce(_ event: SessionEvent, index: Int) -> TraceStep {
        replayer.cursor = (0, index)
        return replayer.tracedStep(&run, event: event, index: index, rule: rule, crash: nil)
    }

    /// Whether the step just made ended the input method's composition, the input
    /// method then holding none (what it has been told).
    @discardableResult
    private func tellInputMethod() -> Bool {
        guard run.droppingComposition else { return false }
        run.droppingComposition = false
        run.recordedMarked = false
        return true
    }

    /// The session of the events carried out, with `id` and the text the field ended with
    /// as its expected text, and what its replay found: the trace of every step, and the
    /// discrepancies a replay under this one profile finds.
    package func finish(id: String, limits: ReplayLimits = ReplayLimits()) -> (session: Session, result: SessionResult)
    {
        var session = header
        session.id = id
        // What the field ended with is what these events give: the loop made them.
        session.expectedText = run.field.state.text
        let profile = model.profile.name
        var detector = DiscrepancyDetector(
            session: session, profiles: [profile], rule: rule, limits: limits, measure: replayer.analyzer.lengths(of:))
        for step in steps {
            detector.check(step, profile: 0)
            detector.endEvent(step.eventIndex)
        }
        let final = run.field.state
        let (discrepancies, omitted) = detector.finish(finals: [final])
        let trace = Trace(sessionID: id, profile: profile, rule: rule.spec, steps: steps, final: final)
        return (
            session,
            SessionResult(
                sessionID: id, rule: rule.spec, eventCount: steps.count,
                finalText: [.init(profile: profile, value: final.text)], findings: discrepancies, omitted: omitted,
                traces: [trace])
        )
    }
}
