import Composition
import Graphemes

/// Everything a replay run produced, ready to render.
public struct ReplayReport: Sendable {
    public var profiles: [String]
    public var rules: [String]
    public var results: [SessionResult]
    public var errors: [SessionError]

    public init(profiles: [String], rules: [String], results: [SessionResult], errors: [SessionError]) {
        self.profiles = profiles
        self.rules = rules
        self.results = results
        self.errors = errors
    }

    /// The number of distinct sessions replayed.
    public var sessionCount: Int { Set(results.map(\.sessionID)).count }

    /// Events replayed: each session's events, once per rule and profile.
    public var eventsReplayed: Int { results.reduce(0) { $0 + $1.eventCount } * profiles.count }

    public var discrepancyCount: Int { results.reduce(0) { $0 + $1.discrepancies.count } }

    /// Discrepancies per kind, every kind listed.
    public var countsByKind: [(kind: DiscrepancyKind, count: Int)] {
        var counts: [DiscrepancyKind: Int] = [:]
        for result in results { for discrepancy in result.discrepancies { counts[discrepancy.kind, default: 0] += 1 } }
        return DiscrepancyKind.allCases.map { ($0, counts[$0] ?? 0) }
    }

    /// 0 nothing found, 1 discrepancies found, 2 a session could not be read.
    public var exitCode: Int32 { !errors.isEmpty ? 2 : discrepancyCount > 0 ? 1 : 0 }
}
