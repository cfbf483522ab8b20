import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import Reporting

/// One rule replayed through a corpus under some profiles, and what was found.
public struct CorpusReplay: Sendable {
    /// One disagreement the replay found.
    public struct Discrepancy: Sendable, CustomStringConvertible {
        /// What kind of disagreement it is.
        public var kind: DiscrepancyKind
        /// The session's id.
        public var session: String
        /// The 0-based event index, or `nil` for the session as a whole.
        public var event: Int?
        /// The profiles it concerns.
        public var profiles: [String]
        /// One sentence with the concrete values, fields in notation.
        public var message: String
        /// Why it is the rule's fault, in the words of its contract; `nil` for what points
        /// at the platform.
        public var why: String? = nil

        /// `session event N kind (profiles): message`.
        public var description: String {
            "\(session) \(event.map { "event \($0)" } ?? "(session)") \(kind.rawValue) (\(profiles.joined(separator: ", "))): \(message)"
        }
    }

    /// A property of the fuzzer (``FuzzCampaign/properties``) that a session of the corpus
    /// breaks: the same judgement a fuzzed session gets, on a session that is not minimised.
    public struct PropertyFailure: Sendable, CustomStringConvertible {
        /// The property's stable name (`promise-broken`, `typed-text-lost`, …).
        public var property: String
        /// What the property asks, in one sentence.
        public var explanation: String
        /// The session's id.
        public var session: String
        /// The 0-based event index, or `nil` for the session as a whole.
        public var event: Int?
        /// The profile it failed under (the first, when several).
        public var profile: String
        /// One sentence with the concrete values.
        public var message: String
        /// Why it is the rule's fault, in the words of its contract.
        public var why: String
        /// What the rule decided at the failing call and why it is wrong
        /// (``FuzzCampaign/Failure/rootCause``): sessions that share it show one bug.
        public var rootCause: String
        /// The session's events as the field saw them under `profile`.
        public var timeline: String

        /// `session event N property (profile): message`.
        public var description: String {
            "\(session) \(event.map { "event \($0)" } ?? "(session)") \(property) (\(profile)): \(message)"
        }
    }

    let report: Report
    let sessions: [Session]
    let results: [SessionResult]

    /// The rule's name.
    public let rule: String
    /// What the rule promised.
    let contract: RuleContract
    /// Every discrepancy, session by session, in corpus order.
    public let discrepancies: [Discrepancy]
    /// Every property of the rule's contract that a session breaks, the first failure of
    /// each property per session, in corpus order; empty when the replay was made without
    /// them (`properties: false`).
    public let propertyFailures: [PropertyFailure]
    /// How many sessions were replayed.
    public var sessionCount: Int { sessions.count }
    /// The text each session's field ends with, session by session, profile by profile.
    public var finalTexts: [UTF16Text] { results.flatMap { $0.finalText.map(\.value) } }

    /// Replays `rule` through `corpus` under `profiles` and, with `properties`, checks
    /// every session with the fuzzer's properties of the rule's contract, as a fuzzed
    /// session is checked (``propertyFailures``).
    ///
    /// - Throws: ``HarnessFailure`` when a session cannot be read.
    public init(
        rule: some InputRule, corpus: Corpus = .bundled, profiles: [Profile] = Profile.all, properties: Bool = true
    ) throws(HarnessFailure) {
        let sessions = try corpus.load()
        let replayer: Replayer
        do {
            replayer = try Replayer()
        } catch {
            throw HarnessFailure("ICU could not open its break iterator: \(error)")
        }
        var results: [SessionResult] = []
        for session in sessions {
            results += replayer.run(session, profiles: profiles.map(\.platform), rules: [rule], traces: .whenFound)
        }
        propertyFailures = properties ? try Self.propertyFailures(of: sessions, rule: rule, profiles: profiles) : []
        self.sessions = sessions
        self.results = results
        self.rule = rule.spec
        contract = rule.contract
        report = Report(replay: results, profiles: profiles.map(\.name), rules: [rule.spec], errors: [])
        discrepancies = results.flatMap { result in
            result.findings.map {
                Discrepancy(
                    kind: $0.kind, session: result.sessionID, event: $0.event, profiles: $0.profiles,
                    message: $0.message, why: $0.why)
            }
        }
    }

    /// The fuzzer's property failures of `sessions`, in order.
    private static func propertyFailures(of sessions: [Session], rule: any InputRule, profiles: [Profile])
        throws(HarnessFailure) -> [PropertyFailure]
    {
        let fuzzer: Fuzzer
        do {
            fuzzer = try Fuzzer(
                rule: rule, profiles: profiles.map(\.platform),
                inventory: Inventory(fuzzingDirectory: BundledData.directory + "/fuzzing"))
        } catch {
            throw HarnessFailure("the fuzzer's properties could not be set up: \(error)")
        }
        return sessions.flatMap { session in
            fuzzer.unshrunkFailures(of: session).map { found in
                PropertyFailure(
                    property: found.failure.property.rawValue, explanation: found.failure.property.explanation,
                    session: session.id, event: found.failure.event, profile: found.failure.profile,
                    message: found.failure.message,
                    why: found.failure.why
                        ?? found.failure.property.reason(under: rule.contract, event: found.failure.event),
                    rootCause: found.rootCause,
                    timeline: (found.traces.first { $0.profile == found.failure.profile } ?? found.traces.first)
                        .map { "  under \($0.profile):\n" + timeline($0) } ?? "")
            }
        }
    }

    /// The report in `format`.
    public func rendered(_ format: ReportFormat) -> String {
        report.rendered(format)
    }

    /// Writes the report in `format` to `path`, atomically.
    ///
    /// - Throws: ``HarnessFailure`` naming the path when it cannot be written.
    public func write(_ format: ReportFormat, to path: String) throws(HarnessFailure) {
        try writeReport(rendered(format), to: path)
    }

    /// The session replays with a discrepancy of one of `kinds`, shortest session first,
    /// each with the trace of its first profile to show it.
    func failing(_ kinds: Set<DiscrepancyKind>) -> [(result: SessionResult, events: Int)] {
        results.filter { result in result.findings.contains { kinds.contains($0.kind) } }
            .map { ($0, $0.eventCount) }
            .sorted { ($0.events, $0.result.sessionID) < ($1.events, $1.result.sessionID) }
    }
}

/// Writes a rendered report atomically, or says which path could not be written.
func writeReport(_ text: String, to path: String) throws(HarnessFailure) {
    do {
        try AtomicFile.write(text, to: path)
    } catch {
        throw HarnessFailure(error.description)
    }
}

/// A session's events as the field saw them under one profile: one line per event, the
/// field before and after in notation, and what the rule said.
func timeline(_ trace: Trace, indent: String = "    ") -> String {
    trace.steps.map { step in
        var line =
            "\(indent)\(step.eventIndex): \(step.event)   \(step.before.briefNotation) → \(step.after.briefNotation)"
        if !step.accepted { line += "   (rejected)" }
        if let rewritten = step.rewrittenTo {
            line += "   (editingChanged assigned \"\(rewritten.visibleDescription)\")"
        }
        if let skipped = step.skipped { line += "   (skipped: \(skipped))" }
        if let summary = step.editingSummary { line += "   (\(summary))" }
        return line
    }.joined(separator: "\n")
}
