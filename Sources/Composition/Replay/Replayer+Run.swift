import Graphemes

extension Replayer {
    /// Replays `session` with each rule under every profile and finds the discrepancies.
    ///
    /// The profiles advance in lockstep, event by event, and each event's steps are checked
    /// as soon as they exist, so nothing per event outlives the event unless asked for.
    ///
    /// - Parameters:
    ///   - keepTraces: whether the results keep the per-profile traces (reports draw
    ///     them); a large run that only counts leaves them out.
    ///   - limits: how much of each session replay is kept (steps of the traces,
    ///     discrepancies); what is found beyond them is counted, not kept.
    ///   - observe: called with each step as it is made (the profile's position in
    ///     `profiles`, the rule's in `rules`, the step): a checker that reads every step
    ///     once needs no traces kept.
    package func run(
        _ session: Session, profiles: [PlatformProfile], rules: [any InputRule], keepTraces: Bool = false,
        limits: ReplayLimits = ReplayLimits(),
        observe: ((_ profile: Int, _ rule: Int, _ step: TraceStep) -> Void)? = nil
    ) -> [SessionResult] {
        let names = profiles.map(\.name)
        return rules.enumerated().map { ruleIndex, rule in
            var replays = profiles.map { start(session, profile: $0) }
            var detector = DiscrepancyDetector(
                session: session, profiles: names, rule: rule, limits: limits, measure: analyzer.lengths(of:))
            var kept = TraceKeeper(profiles: keepTraces ? profiles.count : 0, limits: limits)
            for (index, event) in session.events.enumerated() {
                for position in replays.indices {
                    let step = step(&replays[position], event: event, index: index, rule: rule)
                    detector.check(step, profile: position)
                    kept.keep(step, profile: position)
                    observe?(position, ruleIndex, step)
                }
                detector.endEvent(index)
            }
            let finals = replays.map(\.field.state)
            let (discrepancies, omitted) = detector.finish(finals: finals)
            return SessionResult(
                sessionID: session.id, rule: rule.spec,
                finalText: zip(names, finals).map { .init(profile: $0, value: $1.text) },
                discrepancies: discrepancies, omitted: omitted, eventCount: session.events.count,
                traces: kept.traces(session: session, profiles: names, rule: rule.spec, finals: finals))
        }
    }
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
