import Graphemes

extension Replayer {
    /// Replays `session` with each rule under every profile and finds the discrepancies.
    ///
    /// - Parameter keepTraces: whether the results keep the per-profile traces (reports
    ///   draw them); a large run that only counts leaves them out.
    public func run(
        _ session: Session, profiles: [PlatformProfile], rules: [any InputRule], keepTraces: Bool = false
    ) -> [SessionResult] {
        rules.map { rule in
            let traces = profiles.map { replay(session, profile: $0, rule: rule) }
            return SessionResult(
                sessionID: session.id, rule: rule.spec,
                finalText: traces.map { ($0.profile, $0.final.text) },
                discrepancies: DiscrepancyDetector.detect(session: session, traces: traces, rule: rule.spec),
                eventCount: session.events.count, traces: keepTraces ? traces : [])
        }
    }
}
