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
    ///   - observe: called with each step as it is made (the profile's position in
    ///     `profiles`, the rule's in `rules`, the step): a checker that reads every step
    ///     once needs no traces kept.
    ///   - limits: how much of each session replay is kept (steps of the traces,
    ///     discrepancies); what is found beyond them is counted, not kept.
    package func run(
        _ session: Session, profiles: [PlatformProfile], rules: [any InputRule], keepTraces: Bool = false,
        limits: ReplayLimits = ReplayLimits(),
        observe: ((_ profile: Int, _ rule: Int, _ step: TraceStep) -> Void)? = nil
    ) -> [SessionResult] {
        let names = profiles.map(\.name)
        return rules.enumerated().map { ruleIndex, rule in
            var runs = profiles.map { start(session, profile: $0) }
            var kept = Array(repeating: [TraceStep](), count: keepTraces ? profiles.count : 0)
            var keptTraceText = 0
            var budget = DiscrepancyBudget(limits)
            var found: [Discrepancy] = []
            var outcomes: [DiscrepancyDetector.Outcome] = []
            outcomes.reserveCapacity(profiles.count)
            let limit = rule.contract.limit
            let recorded = names.map { DiscrepancyDetector.recordings(of: session, profile: $0, rule: rule.spec) }
            for (index, event) in session.events.enumerated() {
                outcomes.removeAll(keepingCapacity: true)
                let firstNew = found.count
                for position in runs.indices {
                    let step = step(&runs[position], event: event, index: index, rule: rule)
                    DiscrepancyDetector.check(
                        step, profile: names[position], observed: recorded[position], rule: rule.spec, limit: limit,
                        into: &found)
                    if keepTraces, index < limits.steps {
                        keptTraceText += step.textUnits
                        if keptTraceText <= limits.textUnits { kept[position].append(step) }
                    }
                    observe?(position, ruleIndex, step)
                    outcomes.append(DiscrepancyDetector.Outcome(step))
                }
                DiscrepancyDetector.compare(
                    outcomes, profiles: names, event: index, rule: rule.spec, measure: analyzer.lengths(of:),
                    keepsEvidence: found.count < limits.discrepancies, into: &found)
                budget.admit(&found, from: firstNew)
            }
            let finals = zip(names, runs).map { ($0, $1.field.state) }
            let firstFinal = found.count
            DiscrepancyDetector.compareFinal(finals, session: session, rule: rule.spec, into: &found)
            budget.admit(&found, from: firstFinal)
            let traces =
                keepTraces
                ? zip(names, kept).enumerated().map { position, pair in
                    Trace(
                        sessionID: session.id, profile: pair.0, rule: rule.spec, steps: pair.1,
                        final: runs[position].field.state)
                } : []
            return SessionResult(
                sessionID: session.id, rule: rule.spec, finalText: finals.map { ($0.0, $0.1.text) },
                discrepancies: DiscrepancyDetector.sorted(found), omitted: budget.omitted,
                eventCount: session.events.count, traces: traces)
        }
    }
}
