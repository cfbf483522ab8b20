import Graphemes

extension Replayer {
    /// Replays `session` with each rule under every profile and finds the discrepancies.
    ///
    /// The profiles advance in lockstep, event by event, and each event's steps are checked
    /// as soon as they exist, so nothing per event outlives the event unless asked for.
    ///
    /// - Parameters:
    ///   - traces: which results keep their per-profile traces (reports draw them); a
    ///     large run that only counts keeps none.
    ///   - limits: how much of each session replay is kept (steps of the traces,
    ///     discrepancies); what is found beyond them is counted, not kept.
    ///   - observe: called with each step made whole (the profile's position in
    ///     `profiles`, the rule's in `rules`, the step): a checker that reads every step
    ///     once needs no traces kept.
    ///   - observePlain: called, for a plain step (``StepMade/plain(called:)``), with what
    ///     it holds: the profile's and rule's positions, the event's index, and the
    ///     field before and after it. Such a step is the event's own edit with every call
    ///     accepted, nothing assigned and nothing skipped, and it is told to `observe` no
    ///     more. A run that keeps traces, or is given `observe` without it, makes every
    ///     step whole, so that `observe` sees every step. In a run whose `limits` look for
    ///     none of the range kinds, proposed texts and length mismatches, the steps told to
    ///     `observe` carry no range problems, and each call's proposed text is the text it
    ///     left.
    ///   - restart: called when a rule trapped and its session replay starts again (see
    ///     below): a checker fed by `observe` forgets what it saw of that rule's replay.
    ///
    /// A rule that traps (a force-unwrapped `nil`, an index out of range, a stack
    /// overflow) does not end the process: each rule's session replay runs under
    /// ``RuleGuard``, and a trap comes back to it with the profile and event it happened
    /// at (``cursor``). The replay then starts again, deterministic as it is, with that
    /// profile crashing at that event: a `rule-crashed` step, and no later event reaches
    /// its field (on a device the app is gone). A session replays once more per profile
    /// that traps, and no more slowly when none does.
    package func run(
        _ session: Session, profiles: [PlatformProfile], rules: [any InputRule], traces: TraceKeeping = .none,
        limits: ReplayLimits = ReplayLimits(),
        observe: ((_ profile: Int, _ rule: Int, _ step: TraceStep) -> Void)? = nil,
        observePlain: PlainStepObserver? = nil,
        restart: (() -> Void)? = nil
    ) -> [SessionResult] {
        let observers = Observers(
            step: observe, plain: observePlain, keepsSteps: traces != .none || (observe != nil && observePlain == nil))
        return rules.enumerated().map { ruleIndex, rule in
            var crashes: [Int: Crash] = [:]
            while true {
                var replayed: SessionResult?
                let attempt = crashes
                var trap: String?
                // The runtime keeps one fatal-error message per process: while another
                // thread traps, a trap's message may be lost or be the other's. The replay
                // is deterministic, so a replay that trapped runs again alone
                // (``RuleGuard/run(exclusive:_:)``), traps at the same event, and keeps
                // the message of that run: the same in every run, however many threads.
                for exclusive in [false, true] {
                    trap = RuleGuard.run(exclusive: exclusive) { [self] in
                        replayed = replayOnce(
                            session, profiles: profiles, rule: rule, ruleIndex: ruleIndex, crashes: attempt,
                            traces: traces, limits: limits, observers: observers)
                    }
                    if replayed != nil { break }
                    if !exclusive { restart?() }
                }
                if let replayed { return replayed }
                crashes[cursor.profile] = Crash(event: cursor.event, fault: trap ?? "trapped")
                restart?()
            }
        }
    }

    /// The step of event `index` on the field of the profile at `position`, told to the
    /// detector, the trace keeper and the observers, then brought level. The replay is
    /// handed over in place, so that its fields are read where they are.
    private func step(
        _ run: inout ProfileReplay, event: SessionEvent, index: Int, rule: any InputRule, crash: Crash?,
        detector: inout DiscrepancyDetector, kept: inout TraceKeeper, observers: Observers, profile position: Int,
        ruleIndex: Int
    ) {
        let made = step(&run, event: event, index: index, rule: rule, crash: crash) { step, edits in
            detector.check(step, profile: position, sharing: edits)
            kept.keep(step, profile: position)
            observers.step?(position, ruleIndex, step)
        }
        if case .plain(let called) = made {
            detector.checkPlain(
                event: event, index: index, before: run.previous, after: run.field.state, edits: run.field.edits,
                called: called, profile: position)
            observers.plain?(position, ruleIndex, index, run.previous, run.field.state)
        }
        level(&run)
    }

    /// Who is told of a run's steps, and whether every step is made whole.
    private struct Observers {
        var step: ((Int, Int, TraceStep) -> Void)?
        var plain: PlainStepObserver?
        var keepsSteps: Bool
    }

    /// One replay of `session` with `rule`, the profiles in `crashes` crashing where it says.
    private func replayOnce(
        _ session: Session, profiles: [PlatformProfile], rule: any InputRule, ruleIndex: Int, crashes: [Int: Crash],
        traces: TraceKeeping, limits: ReplayLimits, observers: Observers
    ) -> SessionResult {
        let names = profiles.map(\.name)
        let rule = rule.onDevice(region: session.keyboard?.region ?? session.locale)
        var detector = DiscrepancyDetector(
            session: session, profiles: names, rule: rule, limits: limits, measure: analyzer.lengths(of:))
        // The detector reads every step of a pad's session (its keys) and of one it compares
        // with device recordings.
        let keepsSteps = observers.keepsSteps || detector.readsEveryStep
        let brokenCount = analyzer.brokenSpots(in: session.initial.text).count
        let tracksUndo = Self.tracksUndo(session)
        var replays = models(for: profiles).map { model in
            var replay = start(session, model: model, brokenCount: brokenCount, tracksUndo: tracksUndo)
            replay.keepsSteps = keepsSteps
            replay.looksAtCalls = keepsSteps || detector.looksAtCalls
            replay.looksAtBrokenSpots = keepsSteps || detector.looksAtBrokenSpots
            return replay
        }
        var kept = TraceKeeper(profiles: traces == .none ? 0 : profiles.count, limits: limits)
        for (index, event) in session.events.enumerated() {
            for position in replays.indices {
                cursor = (position, index)
                step(
                    &replays[position], event: event, index: index, rule: rule,
                    crash: crashes.isEmpty ? nil : crashes[position], detector: &detector, kept: &kept,
                    observers: observers, profile: position, ruleIndex: ruleIndex)
            }
            detector.endEvent(index)
        }
        let finals = replays.map(\.field.state)
        let (discrepancies, omitted) = detector.finish(finals: finals)
        let found = !discrepancies.isEmpty || !omitted.isEmpty
        return SessionResult(
            sessionID: session.id, rule: rule.spec, eventCount: session.events.count,
            finalText: zip(names, finals).map { .init(profile: $0, value: $1.text) },
            findings: discrepancies, omitted: omitted,
            traces: traces == .all || (traces == .whenFound && found)
                ? kept.traces(session: session, profiles: names, rule: rule.spec, finals: finals) : [])
    }
}

/// Told of a plain step, which the replay did not make whole (see ``Replayer/run(_:profiles:rules:traces:limits:observe:observePlain:restart:)``):
/// the profile's position, the rule's, the event's index, and the field before and after it.
package typealias PlainStepObserver = (
    _ profile: Int, _ rule: Int, _ index: Int, _ before: FieldState, _ after: FieldState
) -> Void

/// Which session replays keep their traces.
package enum TraceKeeping: Sendable {
    /// None: a run that only counts.
    case none
    /// Those with a discrepancy, kept or counted: what reports draw.
    case whenFound
    /// Every one (the fuzzer reads the traces of what it shrinks).
    case all
}

/// The steps of each profile's trace that ``ReplayLimits`` lets a result keep.
private struct TraceKeeper {
    let limits: ReplayLimits
    var steps: [[TraceStep]]
    var textUnits = 0

    /// Keeps steps for `profiles` profiles (none: nothing is kept).
    init(profiles: Int, limits: ReplayLimits) {
        self.limits = limits
        steps = Array(repeating: [], count: profiles)
    }

    mutating func keep(_ step: TraceStep, profile position: Int) {
        guard steps.indices.contains(position), step.eventIndex < limits.steps else { return }
        textUnits += step.textUnits
        if textUnits <= limits.textUnits { steps[position].append(step) }
    }

    func traces(session: Session, profiles: [String], rule: String, finals: [FieldState]) -> [Trace] {
        steps.indices.map { position in
            Trace(
                sessionID: session.id, profile: profiles[position], rule: rule, steps: steps[position],
                final: finals[position])
        }
    }
}
