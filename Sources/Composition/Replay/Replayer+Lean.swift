import Graphemes

extension Replayer {
    /// A replay of `session` with `rule` that keeps no trace and builds no step it does not
    /// report, or `nil` when the session needs what only the full replay
    /// (``replayOnce``) models; when it returns a result, that result is the full replay's.
    ///
    /// Most steps of most sessions are an input method's edit that the rule accepts and
    /// does not answer with an assignment: the step asks the delegate about one call,
    /// applies it, tells `editingChanged`, and shows nothing but its outcome (compared
    /// between profiles) and what the rule's limit says of it. For those the full replay
    /// builds a ``TraceStep`` with a ``CallRecord`` per call, follows the field as the
    /// recording assumes it, and feeds the detector the step: work that shows nothing. The
    /// lean replay edits each profile's field in place and hands the detector the step
    /// only when it has something to report (a call whose ranges or proposed text are
    /// wrong, broken spots, a rule fault); everything else is two values. What the run does
    /// not look for (``ReplayLimits/kinds``: a fuzzer looks for none of the range kinds,
    /// proposed texts or broken text) it does not work out for such steps.
    ///
    /// A step it does not model, it hands to the full replay's own step (``fullStep``),
    /// which makes it on the same field (each lean field holds the full replay's
    /// ``ProfileReplay``), with the rule giving the answers it already gave about the step
    /// (``AnsweredRule``); the next step is lean again. Handed over are the editing
    /// lifecycle, the app's own assignment, undo and redo, a multi-range edit a profile
    /// splits into several calls, a step in which the rule refuses a call or assigns a
    /// text, one with broken spots or a rule fault but no call record, a recorded range
    /// that fits only the field as the recording assumes it, and any step while the field
    /// is not editing, clears at the next key or drops a composition the app ended. The
    /// lean step follows the field as the recording assumes it (the shadow) as the full
    /// replay does, so a rule that refuses now and then costs a full step now and then.
    /// What it cannot start, it leaves to the full replay from the start (`nil`): a number
    /// pad, recorded device calls, or a profile that commits the session's input method
    /// without the delegate. A rule that traps is replayed again in full from the start,
    /// built anew (``InputRule/onDevice(region:)``), so a stateful rule starts over.
    /// `ReplayEquivalenceTests` compare the two on every shipped rule and profile, with a
    /// rule whose every answer depends on every question it was asked before.
    package func leanReplay(
        _ session: Session, profiles: [PlatformProfile], rule: any InputRule, limits: ReplayLimits,
        observers: LeanObservers = LeanObservers()
    ) -> SessionResult? {
        let rule = rule.onDevice(region: session.keyboard?.region ?? session.locale)
        let models = models(for: profiles)
        guard Self.leanModels(session, models: models) else { return nil }
        let names = profiles.map(\.name)
        var detector = DiscrepancyDetector(
            session: session, profiles: names, rule: rule, limits: limits, measure: analyzer.lengths(of:))
        guard !detector.comparesRecordings else { return nil }
        let brokenCount = analyzer.brokenSpots(in: session.initial.text).count
        let tracksUndo = Self.tracksUndo(session)
        var fields: [LeanField] = []
        fields.reserveCapacity(profiles.count)
        for model in models {
            fields.append(
                LeanField(
                    start(session, model: model, brokenCount: brokenCount, tracksUndo: tracksUndo),
                    initial: session.initial, looksAtCalls: detector.looksAtCalls,
                    looksAtBrokenSpots: detector.looksAtBrokenSpots))
        }
        // Only what the rule's own calls run past counts against it, as in the full replay:
        // what ran before is taken here, and every step leaves nothing behind (a lean step
        // takes what its calls ran past; a full step handed one keeps it, see `fullStep`).
        _ = RegexLimits.takeExceeded()
        for (index, event) in session.events.enumerated() {
            for position in fields.indices {
                let end = leanStep(
                    &fields[position], event: event, index: index, rule: rule, detector: &detector,
                    profile: position, observers: observers)
                if case .handedOver(let answered) = end {
                    fullStep(
                        &fields[position], of: session, index: index, rule: answered ?? rule, detector: &detector,
                        profile: position, observers: observers)
                }
            }
            detector.endEvent(index)
        }
        let finals = fields.map { $0.replay.field.state }
        let (discrepancies, omitted) = detector.finish(finals: finals)
        return SessionResult(
            sessionID: session.id, rule: rule.spec, eventCount: session.events.count,
            finalText: zip(names, finals).map { .init(profile: $0, value: $1.text) }, findings: discrepancies,
            omitted: omitted, traces: [])
    }

    /// Who is told of a lean replay's steps: `step` of those it builds, `plain` of the
    /// others (see ``run(_:profiles:rules:traces:limits:observe:observePlain:restart:)``),
    /// `rule` being the rule's position in the run.
    package struct LeanObservers {
        var rule = 0
        var step: ((Int, Int, TraceStep) -> Void)?
        var plain: PlainStepObserver?

        package init(rule: Int = 0, step: ((Int, Int, TraceStep) -> Void)? = nil, plain: PlainStepObserver? = nil) {
            self.rule = rule
            self.step = step
            self.plain = plain
        }
    }

    /// One profile's replay in a lean replay: the full replay's (``ProfileReplay``), whose
    /// field the lean step edits and whose steps the full step makes, and what the lean
    /// step keeps beside it.
    ///
    /// The field is kept twice: `replay.field`, which the step edits, and `previous`, the
    /// field as the step found it, brought level at the end of every step by copying the
    /// text into its buffer. Each buffer is then referenced once while it is edited, so
    /// edits are made in place and no step allocates a text, where a copy of the field
    /// taken before the edit would make every edit copy the whole text into a new buffer.
    struct LeanField: PlanningContext {
        var replay: ProfileReplay
        var previous: TextField
        /// Whether the profile splits a multi-range edit into one call per range.
        let splitsMultiRangeEdits: Bool
        /// What `editingChanged` is told, holding the two fields only while it is told.
        var change: FieldChange
        /// What the delegate is asked, holding the field only while it is asked.
        var request: ChangeRequest
        /// The first event `replay.recordedMarked` has not followed: lean steps leave it
        /// behind, and it catches up before a full step (``fullStep``).
        var recordedMarkedFollows = 0
        /// The array of the profile's one-range multi-range calls (``PlanningContext``).
        var callRanges: [UTF16Range] = []
        /// Whether the run looks at what a call can show only to a run that does (its range
        /// problems, a proposed text other than the field's: ``DiscrepancyDetector/looksAtCalls``),
        /// and at broken spots (``DiscrepancyDetector/looksAtBrokenSpots``).
        let looksAtCalls, looksAtBrokenSpots: Bool
        /// What `request` holds between calls, so that it does not hold the last call's
        /// `callRanges`.
        let idleCall: DelegateCall = .single(range: .caret(at: 0), replacement: .empty)

        /// `replay`, just started on a field holding `initial`.
        init(
            _ replay: consuming ProfileReplay, initial: FieldState, looksAtCalls: Bool, looksAtBrokenSpots: Bool
        ) {
            // Each buffer of its own, with room for the text to grow in place by 128 units
            // (what a session typically adds; a longer text grows as any array does, and a
            // huge initial text is not doubled): shared with the session, each would be
            // copied at its first edit and again at every doubling.
            func ownBuffer() -> TextField {
                var units = [UInt16]()
                units.reserveCapacity(initial.text.length + 128)
                units.append(contentsOf: initial.text.units)
                var state = initial
                state.text = UTF16Text(units: units)
                return TextField(state)
            }
            // The replay is finished before it is stored: changed in place once stored, the
            // whole struct was copied.
            replay.field = ownBuffer()
            previous = ownBuffer()
            let model = replay.model
            splitsMultiRangeEdits =
                model.profile.delegate == .singleRange && model.profile.multiRangeOnSingleRange == .eachRange
            self.looksAtCalls = looksAtCalls
            self.looksAtBrokenSpots = looksAtBrokenSpots
            // The full steps it is handed keep no trace either.
            replay.looksAtCalls = looksAtCalls
            change = FieldChange(
                before: FieldState(text: .empty), after: FieldState(text: .empty), profile: replay.profile)
            request = ChangeRequest(
                field: FieldState(text: .empty), call: idleCall, multiRangeTarget: replay.multiRangeTarget,
                profile: replay.profile)
            self.replay = consume replay
        }

        /// The syllable the presentation composes after the step of `recorded`, presented
        /// as `presented`, made `previous` into the field (what the full replay's `follow`
        /// keeps).
        mutating func followSyllable(recorded: SessionEvent, presented: SessionEvent) {
            replay.syllable = Replayer.syllable(
                after: recorded, presented: presented, before: previous.state, now: replay.field.text)
        }

        /// Makes `previous` the field as it is now.
        mutating func level(textChanged: Bool) {
            previous.state.selection = replay.field.state.selection
            previous.state.markedRange = replay.field.state.markedRange
            if textChanged { previous.state.text.assign(replay.field.state.text) }
        }

        /// Makes the field what it was before the step (`previous`), undoing what a step that
        /// is handed over did to it.
        mutating func restore() {
            replay.field.state.selection = previous.state.selection
            replay.field.state.markedRange = previous.state.markedRange
            if replay.field.text != previous.text { replay.field.state.text.assign(previous.state.text) }
        }
    }

    /// Whether the lean replay can start `session`: no number pad, and no profile committing
    /// its input method's text without the delegate.
    static func leanModels(_ session: Session, models: [DelegateModel]) -> Bool {
        if session.keyboard?.isPad == true { return false }
        return !models.contains { $0.profile.presentation(of: session.ime) == .commitWithoutDelegate }
    }

    /// Whether a lean step models `event` on `run`'s field: an input method's or the
    /// user's edit, asking the delegate at most once (a multi-range edit split into one
    /// call per range does not), not the editing lifecycle, undo or the app's own
    /// assignment; on a field that is editing, does not clear at the next key, and whose
    /// input method is not dropping a composition the app ended.
    private static func leanModels(_ event: SessionEvent, on run: LeanField) -> Bool {
        guard run.replay.editing, !run.replay.clearsOnNextKey, !run.replay.droppingComposition else { return false }
        return switch event {
        case .setMarkedText, .insertText, .unmarkText, .setSelection, .deleteBackward, .replace: true
        case .replaceRanges(let ranges, _): !run.splitsMultiRangeEdits || ranges.count <= 1
        case .beginEditing, .endEditing, .clearButton, .returnKey, .setText, .undo, .redo: false
        }
    }

    /// How a lean step ended.
    enum LeanStepEnd {
        /// Carried out and checked.
        case done
        /// Not carried out: the step is the full replay's, the rule giving it the answers it
        /// gave the lean step (the rule refused or assigned, or the step has what only a
        /// full step reports), if it was asked anything.
        case handedOver(AnsweredRule?)
    }

    /// The record of `call`, accepted, which made `run.previous` into `run.replay.field`
    /// by `effect`: built only for a call that shows something, out of the lean step's way.
    @inline(never)
    private static func record(
        _ call: DelegateCall, effect: PlannedEdit.Effect, on run: LeanField, implied: Bool, problems: [RangeProblem],
        isCompositionStep: Bool, composing: Bool
    ) -> CallRecord {
        let field = run.replay.field.text
        return CallRecord(
            call: call,
            seen: seen(
                run.previous.state, effect: effect, isCompositionStep: isCompositionStep,
                hidesMarkedRange: run.replay.hidesMarkedRangeDuringCommit),
            proposedText: implied
                ? field : call.proposedText(applyingTo: run.previous.text, target: run.replay.multiRangeTarget),
            resultingText: field, accepted: true, rangeProblems: problems,
            isCompositionStep: isCompositionStep || composing)
    }

    /// The full replay's step of event `index` of `session` on `run`, which a lean step
    /// handed over: the field as the event found it, whether the recording has marked text
    /// brought up to it, the rule giving the answers it gave the lean step
    /// (``AnsweredRule``) and keeping the limits its calls ran past; then the lean field
    /// levelled, so that the next step may be lean again.
    private func fullStep(
        _ run: inout LeanField, of session: Session, index: Int, rule: any InputRule,
        detector: inout DiscrepancyDetector, profile position: Int, observers: LeanObservers
    ) {
        run.restore()
        for earlier in session.events[run.recordedMarkedFollows..<index] {
            run.replay.recordedMarked = Self.recordedMarked(after: earlier, was: run.replay.recordedMarked)
        }
        run.recordedMarkedFollows = index + 1
        cursor = (position, index)
        let step = step(
            &run.replay, event: session.events[index], index: index, rule: rule, crash: nil, keepingEarlierFaults: true)
        // What the step's calls ran past and it did not report (an undo of a range that no
        // longer fits asks the rule and reports no fault) is forgotten, as the next full
        // step would forget it.
        _ = RegexLimits.takeExceeded()
        detector.check(step, profile: position)
        observers.step?(position, observers.rule, step)
        run.level(textChanged: true)
    }

    /// The step of `event` on one profile's field, checked, or handed over to the full
    /// step when the rule refused or assigned, or the event or the field's state is not one
    /// a lean step models (the editing lifecycle, a field not editing, a composition the
    /// input method drops: ``leanModels(_:on:)``).
    private func leanStep(
        _ run: inout LeanField, event recorded: SessionEvent, index: Int, rule: any InputRule,
        detector: inout DiscrepancyDetector, profile position: Int, observers: LeanObservers
    ) -> LeanStepEnd {
        guard Self.leanModels(recorded, on: run) else { return .handedOver(nil) }
        // What a last-syllable presentation (Korean on iOS) makes of the event: another
        // event, whose calls are composition steps, or none (a step that changes nothing,
        // to the field and to the field the recording assumes).
        var presented: SessionEvent?
        if run.replay.presentation == .lastSyllable {
            let presentation = Self.present(
                recorded, as: .lastSyllable, syllable: run.replay.syllable, in: run.previous.text)
            if presentation.absorbed {
                run.replay.syllable = nil
                detector.checkPlain(
                    event: recorded, index: index, before: run.previous.state, after: run.previous.state,
                    proposed: nil, profile: position)
                observers.plain?(position, observers.rule, index, recorded, run.previous.state, run.previous.state)
                return .done
            }
            presented = presentation.event
        }
        // The event handed on as it is (binding `presented ?? recorded` would copy it).
        if let presented {
            return leanEdit(
                &run, event: presented, recorded: recorded, composing: true, index: index, rule: rule,
                detector: &detector, profile: position, observers: observers)
        }
        return leanEdit(
            &run, event: recorded, recorded: recorded, composing: false, index: index, rule: rule, detector: &detector,
            profile: position, observers: observers)
    }

    /// The lean step's edit: `event` as it reaches the field, which a last-syllable
    /// presentation made of `recorded` (`composing`: its calls are composition steps) or
    /// which is `recorded` itself.
    private func leanEdit(
        _ run: inout LeanField, event: SessionEvent, recorded: SessionEvent, composing: Bool, index: Int,
        rule: any InputRule, detector: inout DiscrepancyDetector, profile position: Int, observers: LeanObservers
    ) -> LeanStepEnd {
        func check(_ step: TraceStep) {
            detector.check(step, profile: position)
            observers.step?(position, observers.rule, step)
        }
        if let problem = eventRangeProblem(event, in: run.previous.text) {
            // Recorded against the field the recording assumes, which the rule made differ:
            // the full step says how the recording diverged.
            guard run.replay.shadow == nil else { return .handedOver(nil) }
            check(
                TraceStep(
                    eventIndex: index, event: event, before: run.previous.state, calls: [], skipped: problem,
                    rewrittenTo: nil, rewriteEndedComposition: false, after: run.previous.state, newBrokenSpots: []))
            if run.replay.presentation == .lastSyllable { run.followSyllable(recorded: recorded, presented: event) }
            return .done
        }
        // The rule's answers, once it refused or assigned during the call.
        var answered: AnsweredRule?
        // What the call registers with the undo manager.
        var undoEntry: UndoEntry?
        var followed = true
        var called = false
        // The call's record, built only when the call shows something (in an array: an
        // optional record captured by the closure is destroyed through generic witnesses).
        var shown: [CallRecord] = []
        // `run` is handed to the steps rather than captured, so that they read it in place.
        let model = run.replay.model
        model.forEachPlannedEdit(
            event, on: model.geometry(for: event, of: run.replay.field), with: &run,
            asking: { run, call, effect, isCompositionStep in
                guard followed else { return }
                // A second call (no event the lean step models makes one): the full step
                // asks the first again, and is given what the rule answered.
                guard !called else {
                    answered = AnsweredRule(rule, shouldChange: true, assignment: .some(nil))
                    followed = false
                    return
                }
                called = true
                // Registered only once the step is carried out here: a step handed over is
                // registered by the full replay.
                if run.replay.tracksUndo, !isCompositionStep {
                    undoEntry = Self.undoEntry(of: call, target: run.replay.multiRangeTarget, in: run.previous.text)
                }
                let problems = run.looksAtCalls ? rangeProblems(of: call, in: run.replay.field.text) : []
                // The field as the step found it is moved into the request and back, as the
                // fields are into the change `editingChanged` is told of below.
                let seen = Self.seen(
                    run.previous.state, effect: effect, isCompositionStep: isCompositionStep,
                    hidesMarkedRange: run.replay.hidesMarkedRangeDuringCommit
                ).markedRange
                let marked = run.previous.state.markedRange
                run.request.call = call
                swap(&run.request.field, &run.previous.state)
                run.request.field.markedRange = seen
                // Asked in the full step's order, which asks for an assignment even after a
                // refusal: handed over after one, the full step asks for it first.
                let accepted = rule.shouldChange(run.request)
                let assigned = accepted ? rule.assignment(during: run.request) : nil
                run.request.field.markedRange = marked
                swap(&run.request.field, &run.previous.state)
                // Let go of the call: held by the request, its ranges' array could not be
                // reused by the next call.
                run.request.call = run.idleCall
                guard accepted, assigned == nil else {
                    answered = AnsweredRule(rule, shouldChange: accepted, assignment: accepted ? .some(assigned) : nil)
                    followed = false
                    return
                }
                model.apply(effect, to: &run.replay.field)
                guard run.looksAtCalls else { return }
                let implied = call.implies(run.replay.field.text, from: run.previous.text)
                if !implied || !problems.isEmpty {
                    shown.append(
                        Self.record(
                            call, effect: effect, on: run, implied: implied, problems: problems,
                            isCompositionStep: isCompositionStep, composing: composing))
                }
            },
            applying: { run, effect, _ in model.apply(effect, to: &run.replay.field) })
        guard followed else { return .handedOver(answered) }
        // What the rule answered so far, for a step handed over from here on.
        func answers(changed: TextAssignment??) -> AnsweredRule {
            AnsweredRule(
                rule, shouldChange: called ? true : nil, assignment: called ? .some(nil) : nil, changed: changed)
        }
        let textChanged = run.replay.field.text != run.previous.text
        let told = textChanged || run.replay.field.state.markedRange != run.previous.state.markedRange
        if told {
            // The two fields are moved into the change the rule is told of, and back: built
            // from copies, the change would take a reference to each text.
            swap(&run.change.before, &run.previous.state)
            swap(&run.change.after, &run.replay.field.state)
            let assignment = rule.editingChanged(run.change)
            swap(&run.change.before, &run.previous.state)
            swap(&run.change.after, &run.replay.field.state)
            if assignment != nil { return .handedOver(answers(changed: .some(assignment))) }
        }
        let brokenCount = run.replay.brokenCount
        var spots: [BrokenSpot] = []
        if run.looksAtBrokenSpots {
            spots = newBrokenSpots(in: run.replay.field.text, before: run.previous.text, count: &run.replay.brokenCount)
        } else if textChanged {
            // Not counted: a full step counts them if its edit may break something.
            run.replay.brokenCount = nil
        }
        let fault = RegexLimits.takeExceeded()
        // A step with broken spots or a fault is reported with its call's record, which the
        // lean step did not build: rare, and handed over as it was found.
        if called, shown.isEmpty, !spots.isEmpty || fault != nil {
            run.replay.brokenCount = brokenCount
            RegexLimits.putBack(fault)
            return .handedOver(answers(changed: told ? .some(nil) : nil))
        }
        if !shown.isEmpty || !spots.isEmpty || fault != nil {
            check(
                TraceStep(
                    eventIndex: index, event: event, before: run.previous.state, calls: shown, skipped: nil,
                    rewrittenTo: nil, rewriteEndedComposition: false, after: run.replay.field.state,
                    newBrokenSpots: spots,
                    ruleFault: fault, note: composing ? .presented(recorded: recorded) : nil))
        } else {
            // The text the call implied (``DelegateCall/implies(_:from:)`` said so, or the run
            // does not look at what calls propose).
            detector.checkPlain(
                event: event, index: index, before: run.previous.state, after: run.replay.field.state,
                proposed: called ? run.replay.field.text : nil, profile: position)
            observers.plain?(position, observers.rule, index, event, run.previous.state, run.replay.field.state)
        }
        if run.replay.presentation == .lastSyllable { run.followSyllable(recorded: recorded, presented: event) }
        if let undoEntry { Self.register(undoEntry, undo: &run.replay.undoStack, redo: &run.replay.redoStack) }
        if var shadow = run.replay.shadow {
            // The field as the recording assumes it follows the event as the field would with
            // no rule, until the two agree again (the full replay's `follow`); taken out of
            // the replay first, so that it is edited in place.
            run.replay.shadow = nil
            follow(&shadow, presented: event, model: run.replay.model)
            if shadow.state != run.replay.field.state { run.replay.shadow = shadow }
        }
        run.level(textChanged: textChanged)
        return .done
    }
}

/// A rule that first gives the answers a lean step had from it, then asks the rule
/// itself: the full replay carries out the step the lean replay handed over and asks the
/// same questions in the same order, so a stateful rule is asked each once, as it would
/// be in a full replay from the start. Each answer is `nil` when the lean step did not ask.
final class AnsweredRule: InputRule, @unchecked Sendable {
    let rule: any InputRule
    private var answers: (shouldChange: Bool?, assignment: TextAssignment??, changed: TextAssignment??)

    init(
        _ rule: any InputRule, shouldChange: Bool?, assignment: TextAssignment??, changed: TextAssignment?? = nil
    ) {
        self.rule = rule
        answers = (shouldChange, assignment, changed)
    }

    var spec: String { rule.spec }
    var contract: RuleContract { rule.contract }

    func shouldChange(_ request: ChangeRequest) -> Bool {
        guard let answer = answers.shouldChange else { return rule.shouldChange(request) }
        answers.shouldChange = nil
        return answer
    }

    func assignment(during request: ChangeRequest) -> TextAssignment? {
        guard let answer = answers.assignment else { return rule.assignment(during: request) }
        answers.assignment = nil
        return answer
    }

    func editingChanged(_ change: FieldChange) -> TextAssignment? {
        guard let answer = answers.changed else { return rule.editingChanged(change) }
        answers.changed = nil
        return answer
    }

    func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse {
        rule.editing(moment, field: field, profile: profile)
    }

    func onDevice(region: String?) -> any InputRule { rule.onDevice(region: region) }
}
