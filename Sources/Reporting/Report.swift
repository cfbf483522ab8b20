import Composition
import Fuzzing
import Graphemes
import HarnessJSON

/// What a replay or fuzz run found, ready to render as Markdown, HTML, JUnit XML or JSON.
///
/// Every renderer reads this one value, and ``init(json:)`` reads it back from the JSON
/// a run wrote, so `ime-harness report RESULTS.json` renders exactly what the run itself
/// would have. It keeps each finding's message as text and each profile's ``Trace`` of
/// the session replays that have findings (the timelines of the HTML report).
package struct Report: Equatable, Sendable {
    /// Which command produced the report.
    package enum Origin: Equatable, Sendable {
        /// `ime-harness replay`: sessions × rules × profiles; findings are discrepancies.
        case replay
        /// `ime-harness fuzz`: generated sessions against one rule; findings are property
        /// failures. The campaign's result is kept whole: it is what the report's JSON is
        /// (the one shape of fuzz results, ``FuzzResult/json``).
        case fuzz(FuzzResult)

        /// The family of the kinds such a run finds.
        package var family: FindingKind.Family {
            switch self {
            case .replay: .replay
            case .fuzz: .fuzz
            }
        }
    }

    package var origin: Origin
    /// The versions the run used (a report rendered later from JSON keeps them).
    package var unicodeVersion: String
    package var icuVersion: String
    package var profiles: [String]
    package var rules: [String]
    /// One entry per session and rule, in the order they were replayed.
    package var sessions: [SessionReplay]
    /// Session files or lines that could not be read.
    package var errors: [SessionError]
    /// Which findings fail the run (`--fail-on`); every one unless said otherwise.
    package var gate: Gate = .all
    /// The findings accepted beforehand (`--baseline`): they do not fail the run.
    package var baseline: Baseline?
    /// Each session's content hash, by id, for ``FindingIdentity``.
    package var sessionHashes: [String: String] = [:]
    /// For one shard of a replay (`--shard I/N`): which, and each session replay's
    /// session's position among the corpus's sessions (parallel to ``sessions``), so that
    /// ``merging(_:)`` puts the shards back in the corpus's order.
    package var shard: ShardPart?

    /// The platform each profile belongs to (`iOS`, `Android`), for reports that group
    /// their profiles by platform; empty when the run says nothing (every profile then
    /// counts as iOS's, as before Android profiles existed).
    package var platforms: [String: String] = [:]

    /// The profiles grouped by platform, platforms in order of their first profile: what
    /// a summary's "By platform" table lists. `nil` when the run has one platform only.
    package var profilesByPlatform: [(platform: String, profiles: [String])]? {
        var groups: [(platform: String, profiles: [String])] = []
        for profile in profiles {
            let platform = platforms[profile] ?? "iOS"
            if let index = groups.firstIndex(where: { $0.platform == platform }) {
                groups[index].profiles.append(profile)
            } else {
                groups.append((platform, [profile]))
            }
        }
        return groups.count > 1 || !platforms.isEmpty ? groups : nil
    }

    /// One shard's part of a replay.
    package struct ShardPart: Equatable, Sendable {
        package var shard: Shard
        package var indices: [Int]

        package init(shard: Shard, indices: [Int]) {
            self.shard = shard
            self.indices = indices
        }
    }

    package init(
        origin: Origin, unicodeVersion: String = UnicodeVersions.unicode, icuVersion: String = UnicodeVersions.icu,
        profiles: [String], rules: [String], sessions: [SessionReplay], errors: [SessionError]
    ) {
        self.origin = origin
        self.unicodeVersion = unicodeVersion
        self.icuVersion = icuVersion
        self.profiles = profiles
        self.rules = rules
        self.sessions = sessions
        self.errors = errors
    }
}

/// A session replay as a report shows it: its findings rendered as text.
package typealias SessionReplay = SessionOutcome<Finding>

/// One discrepancy or property failure, as a report shows it.
package struct Finding: Equatable, Sendable {
    /// A ``DiscrepancyKind`` for replays, a ``FuzzProperty`` for fuzzing.
    package var kind: FindingKind
    /// The 0-based event index, or `nil` for the session as a whole.
    package var event: Int?
    package var profiles: [String]
    /// One sentence with the concrete values, field states in field notation.
    package var message: String
    /// The concrete values as JSON (`null` when there are none).
    package var details: JSONValue
    /// Why it is the rule's fault, in the words of the rule's contract; `nil` for what
    /// points at the platform (reports then say what the kind means).
    package var why: String?

    package init(
        kind: FindingKind, event: Int?, profiles: [String], message: String, details: JSONValue = .null,
        why: String? = nil
    ) {
        self.kind = kind
        self.event = event
        self.profiles = profiles
        self.message = message
        self.details = details
        self.why = why
    }
}

/// Findings counted by kind, in order of first appearance; counts saturate (they may come
/// from a results file).
struct KindTally {
    private(set) var kinds: [FindingKind] = []
    private var counts: [FindingKind: Int] = [:]

    /// How many findings of `kind` were counted.
    subscript(kind: FindingKind) -> Int { counts[kind] ?? 0 }

    mutating func add(_ kind: FindingKind, _ count: Int = 1) {
        guard let current = counts[kind] else {
            kinds.append(kind)
            counts[kind] = count
            return
        }
        counts[kind] = current.saturatingAdd(count)
    }

    /// Adds a session replay's findings, those kept and then those counted (only those
    /// under `profile`, when given).
    mutating func add(_ session: SessionReplay, under profile: String? = nil) {
        for finding in session.findings where profile.map(finding.profiles.contains) ?? true { add(finding.kind) }
        for omitted in session.omitted where profile.map(omitted.profiles.contains) ?? true {
            add(.discrepancy(omitted.kind), omitted.count)
        }
    }
}

/// A kind of finding with its count in a report.
package struct KindCount: Hashable, Sendable {
    package var kind: FindingKind
    package var count: Int
    /// One sentence saying what the kind means.
    package var explanation: String { kind.explanation }
}

extension Report {
    /// A replay's results: findings are the discrepancies, traces those the results kept
    /// (``TraceKeeping/whenFound`` keeps them for the session replays that have findings).
    package init(replay results: [SessionResult], profiles: [String], rules: [String], errors: [SessionError]) {
        self.init(
            origin: .replay, profiles: profiles, rules: rules, sessions: results.map(Self.sessionReplay), errors: errors
        )
    }

    /// A replay's outcome as a report holds it: each discrepancy as a finding.
    package static func sessionReplay(_ result: SessionResult) -> SessionReplay {
        result.mapFindings { discrepancy in
            Finding(
                kind: .discrepancy(discrepancy.kind), event: discrepancy.event, profiles: discrepancy.profiles,
                message: discrepancy.message, details: discrepancy.details, why: discrepancy.why)
        }
    }

    /// A fuzz campaign's results: one session replay per root cause, its minimised
    /// counterexample's, its finding the property that failed, with the root cause and how
    /// many minimised failures share it.
    package init(fuzz result: FuzzResult, profiles: [String]) {
        self.init(
            origin: .fuzz(result),
            profiles: profiles, rules: [result.rule],
            sessions: result.failures.map { failure in
                SessionReplay(
                    sessionID: failure.session.id, rule: result.rule, eventCount: failure.session.events.count,
                    finalText: failure.traces.map { ProfileValue(profile: $0.profile, value: $0.final.text) },
                    findings: [
                        Finding(
                            kind: .property(failure.property), event: failure.detail.event,
                            profiles: [failure.detail.profile],
                            message: failure.detail.message + "; " + failure.rootCauseLine,
                            details: .object([
                                ("iteration", .int(failure.iteration)),
                                ("originalEvents", .int(failure.originalEvents)),
                                ("rootCause", .string(failure.shape)), ("sharedBy", .int(failure.sharedBy)),
                            ]), why: failure.detail.why)
                    ], traces: failure.traces)
            }, errors: [])
    }

    /// The number of distinct sessions.
    package var sessionCount: Int { Set(sessions.map(\.sessionID)).count }

    /// Events replayed: each session's events, once per rule and profile.
    ///
    /// Counts read from a results file are bounded when it is read (``init(json:profiles:)``);
    /// the sum saturates rather than trap all the same.
    package var eventsReplayed: Int {
        // With profiles of several platforms, each session replay counts under the
        // profiles it was replayed under (its final texts), not under every profile.
        if !platforms.isEmpty {
            return sessions.reduce(0) { total, session in
                let (product, overflow) = session.eventCount.multipliedReportingOverflow(by: session.finalText.count)
                return total.saturatingAdd(overflow ? .max : product)
            }
        }
        let (product, overflow) = sessions.reduce(0) { $0.saturatingAdd($1.eventCount) }
            .multipliedReportingOverflow(by: profiles.count)
        return overflow ? .max : product
    }

    /// All findings.
    package var findingCount: Int { sessions.reduce(0) { $0.saturatingAdd($1.findingTotal) } }

    /// For a fuzz run: how many properties have a failure (each failure is a session, and
    /// a property may have several of different shapes).
    package var failedPropertyCount: Int { Set(sessions.flatMap { $0.findings.map(\.kind) }).count }

    /// The kinds this report counts, every one listed, in their documented order: the
    /// discrepancy kinds for a replay, the properties checked for a fuzz run.
    package var kinds: [KindCount] {
        var tally = KindTally()
        for session in sessions { tally.add(session) }
        let names: [FindingKind] =
            switch origin {
            case .replay: FindingKind.all(.replay)
            case .fuzz(let fuzz): fuzz.properties.map(FindingKind.property)
            }
        let listed = names + tally.kinds.filter { !names.contains($0) }.sorted()
        return listed.map { KindCount(kind: $0, count: tally[$0]) }
    }

    /// The family of the kinds this report counts.
    package var family: FindingKind.Family { origin.family }

    /// The session replays with the most findings, most first (ties in replay order).
    package func worstOffenders(_ count: Int) -> [SessionReplay] {
        let ranked = sessions.enumerated().filter { !$0.element.findings.isEmpty }
            .sorted { ($1.element.findingTotal, $0.offset) < ($0.element.findingTotal, $1.offset) }
        return ranked.prefix(count).map(\.element)
    }

    /// How many findings of `session` are of each kind, kept or counted, kinds in order of
    /// first appearance.
    static func countsByKind(_ session: SessionReplay) -> [(kind: FindingKind, count: Int)] {
        var tally = KindTally()
        tally.add(session)
        return tally.kinds.map { ($0, tally[$0]) }
    }

    /// "1,000 of 2,345 discrepancies are listed; the others (kind count, …) were counted
    /// but not kept", or `nil` when every finding is listed.
    static func omissionNote(_ session: SessionReplay) -> String? {
        guard !session.omitted.isEmpty else { return nil }
        var omitted = KindTally()
        for count in session.omitted { omitted.add(.discrepancy(count.kind), count.count) }
        return "\(session.findings.count) of \(session.findingTotal) discrepancies are listed; the others ("
            + omitted.kinds.map { "\($0) \(omitted[$0])" }.joined(separator: ", ")
            + ") were counted but not kept (see ReplayLimits: the first 1,000 and 8 MB of text per session replay)."
    }

    /// 0 the run passes its ``gate``, 1 a finding fails it, 2 a session could not be read.
    package var exitCode: Int32 { !errors.isEmpty ? 2 : failingCount > 0 ? 1 : 0 }

    /// Whether the run passes: no finding fails its gate and every session was read.
    package var passes: Bool { exitCode == 0 }

    /// The findings, kept or counted, that fail the run.
    package var failingCount: Int { outcome.failing }

    /// What the gate and the baseline make of the findings.
    package struct GateOutcome: Equatable, Sendable {
        /// Findings the gate names that the baseline does not accept.
        package var failing = 0
        package var failingByRule: [String: Int] = [:]
        /// Findings the gate names that the baseline accepts.
        package var accepted = 0
        /// The failing findings' identities, in report order.
        package var new: [FindingIdentity] = []
        /// What the baseline accepts that this run did not find, with how many.
        package var fixed: [(identity: FindingIdentity, count: Int)] = []

        package static func == (a: Self, b: Self) -> Bool {
            a.failing == b.failing && a.accepted == b.accepted && a.new == b.new
                && a.fixed.map(\.identity) == b.fixed.map(\.identity)
        }
    }

    /// The identity of a finding of `session` (``FindingIdentity``).
    package func identity(_ session: SessionReplay, kind: FindingKind, profiles: [String], event: Int?)
        -> FindingIdentity
    {
        FindingIdentity(
            session: session.sessionID, sessionHash: sessionHashes[session.sessionID] ?? "",
            rule: Baseline.ruleName(of: session.rule, among: rules), profiles: profiles, kind: kind, event: event)
    }

    /// Whether a kept finding of `session` fails the run: its kind is the gate's and the
    /// baseline does not name it. (Counts matter for the verdict, ``outcome``; a report
    /// marking one finding asks only whether its identity is accepted at all.)
    package func fails(_ finding: Finding, in session: SessionReplay) -> Bool {
        guard gate.fails(finding.kind) else { return false }
        guard let baseline else { return true }
        return baseline.accepted[
            identity(session, kind: finding.kind, profiles: finding.profiles, event: finding.event)]
            == nil
    }

    /// Every finding the gate names, checked against the baseline, which accepts as many
    /// of each identity as it counts.
    package var outcome: GateOutcome {
        var outcome = GateOutcome()
        var remaining = baseline?.accepted ?? [:]
        func take(_ identity: FindingIdentity, count: Int, spec: String) {
            let accepted = min(count, remaining[identity] ?? 0)
            if accepted > 0 { remaining[identity] = (remaining[identity] ?? 0) - accepted }
            outcome.accepted = outcome.accepted.saturatingAdd(accepted)
            let failing = count - accepted
            guard failing > 0 else { return }
            outcome.failing = outcome.failing.saturatingAdd(failing)
            outcome.failingByRule[spec, default: 0] = outcome.failingByRule[spec, default: 0].saturatingAdd(failing)
            outcome.new.append(identity)
        }
        for session in sessions {
            for finding in session.findings where gate.fails(finding.kind) {
                take(
                    identity(session, kind: finding.kind, profiles: finding.profiles, event: finding.event), count: 1,
                    spec: session.rule)
            }
            for counted in session.omitted where gate.fails(.discrepancy(counted.kind)) {
                take(
                    identity(session, kind: .discrepancy(counted.kind), profiles: counted.profiles, event: nil),
                    count: counted.count, spec: session.rule)
            }
        }
        outcome.fixed = remaining.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return outcome
    }

    /// A baseline accepting every finding this run's gate names.
    package var acceptingBaseline: Baseline {
        var accepted: [FindingIdentity: Int] = [:]
        for session in sessions {
            for finding in session.findings where gate.fails(finding.kind) {
                accepted[
                    identity(session, kind: finding.kind, profiles: finding.profiles, event: finding.event), default: 0] +=
                    1
            }
            for counted in session.omitted where gate.fails(.discrepancy(counted.kind)) {
                accepted[
                    identity(session, kind: .discrepancy(counted.kind), profiles: counted.profiles, event: nil),
                    default: 0] &+=
                    counted.count
            }
        }
        return Baseline(
            accepted: accepted,
            specs: Dictionary(
                rules.map { (Baseline.ruleName(of: $0, among: rules), $0) }, uniquingKeysWith: { a, _ in a }))
    }

    /// One rule's verdict: its findings that fail the run and those only reported.
    package struct RuleVerdict: Equatable, Sendable {
        package var rule: String
        package var failing: Int
        package var reported: Int
    }

    /// Each rule's verdict, in the order the rules were given.
    package var ruleVerdicts: [RuleVerdict] {
        let outcome = outcome
        return rules.map { rule in
            let failing = outcome.failingByRule[rule] ?? 0
            let total = sessions.filter { $0.rule == rule }.reduce(0) { $0.saturatingAdd($1.findingTotal) }
            return RuleVerdict(rule: rule, failing: failing, reported: total - failing)
        }
    }

    /// The verdict in one line, the first thing every report and the terminal say:
    /// `PASS (--fail-on rule): no finding fails the run; 134 more reported, not failing`,
    /// the verdict (``verdictWord``) and what it rests on (``verdictDetail``).
    package var headline: String { "\(verdictWord) \(verdictDetail)" }

    /// `PASS` or `FAIL`.
    package var verdictWord: String { passes ? "PASS" : "FAIL" }

    /// What the verdict rests on: `(--fail-on rule): no finding fails the run; …`, which
    /// reports write after the verdict in their own markup.
    package var verdictDetail: String {
        let outcome = outcome
        let failing = outcome.failing
        var parts = [
            "(--fail-on \(gate.name)): "
                + (failing == 0
                    ? "no finding fails the run"
                    : "\(failing) finding\(failing == 1 ? "" : "s") fail\(failing == 1 ? "s" : "") the run")
        ]
        let reported = findingCount - failing - outcome.accepted
        if reported > 0 { parts.append("\(reported)\(failing > 0 ? " more" : "") reported, not failing") }
        if baseline != nil {
            parts.append("\(outcome.accepted) accepted by the baseline")
            let fixed = outcome.fixed.reduce(0) { $0.saturatingAdd($1.count) }
            if fixed > 0 { parts.append("\(fixed) in the baseline no longer found") }
        }
        if !errors.isEmpty {
            parts.append("\(errors.count) session file\(errors.count == 1 ? "" : "s") could not be read")
        }
        return parts.joined(separator: "; ")
    }

    /// A title for the report: "Replay report" or "Fuzz report: RULE", as plain text (for
    /// HTML and XML, which escape it through ``Markup``).
    package var title: String {
        switch origin {
        case .replay: "Replay report"
        case .fuzz(let fuzz): "Fuzz report: \(fuzz.rule)"
        }
    }

    /// ``title`` as Markdown: the rule spec, which came from input, in a code span.
    package var markdownTitle: String {
        switch origin {
        case .replay: "Replay report"
        case .fuzz(let fuzz): "Fuzz report: \(Self.code(fuzz.rule))"
        }
    }
}
