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
    ///   - observe: called with each step as it is made (the profile's position in
    ///     `profiles`, the rule's in `rules`, the step): a checker that reads every step
    ///     once needs no traces kept.
    ///   - observePlain: called, where a lean replay (``leanReplay``) builds no step, with
    ///     what the step would have held: the profile's and rule's positions, the event
    ///     and its index, and the field before and after it. Such a step is the event's own
    ///     edit with every call accepted, nothing assigned and nothing skipped, and it is
    ///     told to `observe` no more. A run given `observe` without it never takes the lean
    ///     replay, so that `observe` sees every step. In a lean replay whose `limits` look
    ///     for none of the range kinds, proposed texts and length mismatches, the steps told
    ///     to `observe` carry no range problems, and each call's proposed text is the text
    ///     it left.
    ///   - restart: called when a rule trapped and its session replay starts again (see
    ///     below), or when a lean replay gives up for the full one: a checker fed by
    ///     `observe` forgets what it saw of that rule's replay.
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
        rules.enumerated().map { ruleIndex, rule in
            // A run that keeps no trace, and that either watches no step or can be told of
            // plain ones, first tries the lean replay, which gives the same result (and
            // tells the same steps) when it gives one.
            if traces == .none, observe == nil || observePlain != nil {
                var lean: SessionResult?
                let observers = LeanObservers(rule: ruleIndex, step: observe, plain: observePlain)
                let trapped = RuleGuard.run { [self] in
                    lean = leanReplay(session, profiles: profiles, rule: rule, limits: limits, observers: observers)
                }
                if trapped == nil, let lean { return lean }
                if observe != nil { restart?() }
            }
            var crashes: [Int: Crash] = [:]
            while true {
                var replayed: SessionResult?
                let attempt = crashes
                var trap: String?
                // The runtime keeps one fatal-error message per process: when two threads
                // trap at once, one finds none. The replay is deterministic, so running it
                // again traps at the same event, most likely alone this time.
                for _ in 0..<3 {
                    trap = RuleGuard.run { [self] in
                        replayed = replayOnce(
                            session, profiles: profiles, rule: rule, ruleIndex: ruleIndex, crashes: attempt,
                            traces: traces, limits: limits, observe: observe)
                    }
                    if replayed != nil || !RuleGuard.lostItsMessage(trap) { break }
                    restart?()
                }
                if let replayed { return replayed }
                crashes[cursor.profile] = Crash(event: cursor.event, fault: trap ?? "trapped")
                restart?()
            }
        }
    }

    /// One replay of `session` with `rule`, the profiles in `crashes` crashing where it says.
    private func replayOnce(
        _ session: Session, profiles: [PlatformProfile], rule: any InputRule, ruleIndex: Int, crashes: [Int: Crash],
        traces: TraceKeeping, limits: ReplayLimits, observe: ((Int, Int, TraceStep) -> Void)?
    ) -> SessionResult {
        let names = profiles.map(\.name)
        let rule = rule.onDevice(region: session.keyboard?.region ?? session.locale)
        var replays = models(for: profiles).map { start(session, model: $0) }
        var detector = DiscrepancyDetector(
            session: session, profiles: names, rule: rule, limits: limits, measure: analyzer.lengths(of:))
        var kept = TraceKeeper(profiles: traces == .none ? 0 : profiles.count, limits: limits)
        for (index, event) in session.events.enumerated() {
            for position in replays.indices {
                cursor = (position, index)
                let step = step(
                    &replays[position], event: event, index: index, rule: rule,
                    crash: crashes.isEmpty ? nil : crashes[position])
                detector.check(step, profile: position)
                kept.keep(step, profile: position)
                observe?(position, ruleIndex, step)
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

/// Told of a step that a lean replay did not build (see ``Replayer/run(_:profiles:rules:traces:limits:observe:observePlain:restart:)``):
/// the profile's position, the rule's, the event's index, the event, and the field before
/// and after it.
package typealias PlainStepObserver = (
    _ profile: Int, _ rule: Int, _ index: Int, _ event: SessionEvent, _ before: FieldState, _ after: FieldState
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
