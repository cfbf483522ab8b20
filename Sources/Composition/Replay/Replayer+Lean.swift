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
    /// wrong, broken spots, a rule fault); everything else is two values.
    ///
    /// What it does not model, it does not attempt: a session with lifecycle events, the
    /// app's own assignments, undo, a number pad, recorded device calls, or a profile that
    /// presents the session's input method other than as marked text is left to the full
    /// replay from the start; so is a session in which the rule refuses a call or assigns
    /// a text (the field then differs from the recording, which the full replay follows),
    /// and one whose rule traps. The rule is built anew for the full replay
    /// (``InputRule/onDevice(region:)``), so a stateful rule starts over.
    /// `ReplayEquivalenceTests` compare the two on every shipped rule and profile.
    package func leanReplay(
        _ session: Session, profiles: [PlatformProfile], rule: any InputRule, limits: ReplayLimits
    ) -> SessionResult? {
        let rule = rule.onDevice(region: session.keyboard?.region ?? session.locale)
        guard Self.leanModels(session, profiles: profiles) else { return nil }
        let names = profiles.map(\.name)
        var detector = DiscrepancyDetector(
            session: session, profiles: names, rule: rule, limits: limits, measure: analyzer.lengths(of:))
        guard !detector.comparesRecordings else { return nil }
        let brokenCount = analyzer.brokenSpots(in: session.initial.text).count
        var fields = profiles.map { LeanField(profile: $0, initial: session.initial, brokenCount: brokenCount) }
        // Only what the rule's own calls run past counts against it: what ran before is
        // taken here, and each step takes what its calls ran past.
        _ = RegexLimits.takeExceeded()
        for (index, event) in session.events.enumerated() {
            for position in fields.indices {
                guard
                    leanStep(
                        &fields[position], event: event, index: index, rule: rule, detector: &detector,
                        profile: position)
                else { return nil }
            }
            detector.endEvent(index)
        }
        let finals = fields.map(\.field.state)
        let (discrepancies, omitted) = detector.finish(finals: finals)
        return SessionResult(
            sessionID: session.id, rule: rule.spec, eventCount: session.events.count,
            finalText: zip(names, finals).map { .init(profile: $0, value: $1.text) }, findings: discrepancies,
            omitted: omitted, traces: [])
    }

    /// One profile's field in a lean replay, and what its steps read of the profile.
    ///
    /// The field is kept twice: `field`, which the step edits, and `previous`, the field as
    /// the step found it, brought level at the end of every step by copying the text into
    /// its buffer. Each buffer is then referenced once while it is edited, so edits are
    /// made in place and no step allocates a text, where a copy of the field taken before
    /// the edit would make every edit copy the whole text into a new buffer.
    struct LeanField {
        let profile: String
        let model: DelegateModel
        let hidesMarkedRange: Bool
        let target: MultiRangeTarget
        var field: TextField
        var previous: TextField
        var brokenCount: Int
        /// What `editingChanged` is told, holding the two fields only while it is told.
        var change: FieldChange
        /// What the delegate is asked, holding the field only while it is asked.
        var request: ChangeRequest

        /// A profile's field holding `initial`, which has `brokenCount` broken spots.
        init(profile: PlatformProfile, initial: FieldState, brokenCount: Int) {
            self.profile = profile.name
            model = DelegateModel(profile: profile)
            hidesMarkedRange = !profile.markedRangeVisibleDuringCommit
            target = profile.multiRangeTarget
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
            field = ownBuffer()
            previous = ownBuffer()
            self.brokenCount = brokenCount
            change = FieldChange(
                before: FieldState(text: .empty), after: FieldState(text: .empty), profile: profile.name)
            request = ChangeRequest(
                field: FieldState(text: .empty), call: .single(range: .caret(at: 0), replacement: .empty),
                multiRangeTarget: profile.multiRangeTarget, profile: profile.name)
        }

        /// Makes `previous` the field as it is now.
        mutating func level(textChanged: Bool) {
            previous.state.selection = field.state.selection
            previous.state.markedRange = field.state.markedRange
            if textChanged { previous.state.text.assign(field.state.text) }
        }
    }

    /// Whether every event of `session` under every profile is one the lean replay
    /// models: an input method's or the user's edit presented as recorded, asking the
    /// delegate at most once (a multi-range edit split into one call per range is not).
    static func leanModels(_ session: Session, profiles: [PlatformProfile]) -> Bool {
        if session.keyboard?.isPad == true { return false }
        if profiles.contains(where: { $0.presentation(of: session.ime) != .markedText }) { return false }
        let splits = profiles.contains { $0.delegate == .singleRange && $0.multiRangeOnSingleRange == .eachRange }
        return session.events.allSatisfy { event in
            switch event {
            case .setMarkedText, .insertText, .unmarkText, .setSelection, .deleteBackward, .replace: true
            case .replaceRanges(let ranges, _): !splits || ranges.count <= 1
            case .beginEditing, .endEditing, .clearButton, .returnKey, .setText, .undo, .redo: false
            }
        }
    }

    /// The step of `event` on one profile's field, checked; `false` when the rule refused
    /// or assigned, which the lean replay does not follow.
    private func leanStep(
        _ run: inout LeanField, event: SessionEvent, index: Int, rule: any InputRule,
        detector: inout DiscrepancyDetector, profile position: Int
    ) -> Bool {
        if let problem = eventRangeProblem(event, in: run.previous.text) {
            detector.check(
                TraceStep(
                    eventIndex: index, event: event, before: run.previous.state, calls: [], skipped: problem,
                    rewrittenTo: nil, rewriteEndedComposition: false, after: run.previous.state, newBrokenSpots: []),
                profile: position)
            return true
        }
        var followed = true
        var called = false
        // The call's record, built only when the call shows something (in an array: an
        // optional record captured by the closure is destroyed through generic witnesses).
        var shown: [CallRecord] = []
        // `run` is handed to the steps rather than captured, so that they read it in place.
        let model = run.model
        model.forEachPlannedEdit(
            event, on: model.geometry(for: event, of: run.field), with: &run,
            asking: { run, call, effect, isCompositionStep in
                guard followed, !called else {
                    followed = false
                    return
                }
                called = true
                let problems = rangeProblems(of: call, in: run.field.text)
                // The field as the step found it is moved into the request and back, as the
                // fields are into the change `editingChanged` is told of below.
                let seen = Self.seen(
                    run.previous.state, effect: effect, isCompositionStep: isCompositionStep,
                    hidesMarkedRange: run.hidesMarkedRange
                ).markedRange
                let marked = run.previous.state.markedRange
                run.request.call = call
                swap(&run.request.field, &run.previous.state)
                run.request.field.markedRange = seen
                let accepted = Self.accepts(rule, run.request)
                run.request.field.markedRange = marked
                swap(&run.request.field, &run.previous.state)
                guard accepted else {
                    followed = false
                    return
                }
                model.apply(effect, to: &run.field)
                let implied = call.implies(run.field.text, from: run.previous.text)
                if !implied || !problems.isEmpty {
                    shown.append(
                        CallRecord(
                            call: call,
                            seen: Self.seen(
                                run.previous.state, effect: effect, isCompositionStep: isCompositionStep,
                                hidesMarkedRange: run.hidesMarkedRange),
                            proposedText: implied
                                ? run.field.text : call.proposedText(applyingTo: run.previous.text, target: run.target),
                            resultingText: run.field.text, accepted: true, rangeProblems: problems,
                            isCompositionStep: isCompositionStep))
                }
            },
            applying: { run, effect, _ in model.apply(effect, to: &run.field) })
        guard followed else { return false }
        let textChanged = run.field.text != run.previous.text
        if textChanged || run.field.state.markedRange != run.previous.state.markedRange {
            // The two fields are moved into the change the rule is told of, and back: built
            // from copies, the change would take a reference to each text.
            swap(&run.change.before, &run.previous.state)
            swap(&run.change.after, &run.field.state)
            let assignment = rule.editingChanged(run.change)
            swap(&run.change.before, &run.previous.state)
            swap(&run.change.after, &run.field.state)
            if assignment != nil { return false }
        }
        let spots = newBrokenSpots(in: run.field.text, before: run.previous.text, count: &run.brokenCount)
        let fault = RegexLimits.takeExceeded()
        // A step with broken spots or a fault is reported with its call's record, which the
        // lean step did not build: rare, and left to the full replay.
        if called, shown.isEmpty, !spots.isEmpty || fault != nil { return false }
        if !shown.isEmpty || !spots.isEmpty || fault != nil {
            detector.check(
                TraceStep(
                    eventIndex: index, event: event, before: run.previous.state, calls: shown, skipped: nil,
                    rewrittenTo: nil, rewriteEndedComposition: false, after: run.field.state, newBrokenSpots: spots,
                    ruleFault: fault),
                profile: position)
        } else {
            detector.checkPlain(
                event: event, index: index, before: run.previous.state, after: run.field.state,
                proposed: called ? run.field.text : nil, profile: position)
        }
        run.level(textChanged: textChanged)
        return true
    }

    /// Whether `rule` accepts `request` and assigns nothing while asked (the request is
    /// gone when this returns, so the field's text is referenced once again).
    private static func accepts(_ rule: any InputRule, _ request: ChangeRequest) -> Bool {
        rule.shouldChange(request) && rule.assignment(during: request) == nil
    }
}
