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

        /// `session event N kind (profiles): message`.
        public var description: String {
            "\(session) \(event.map { "event \($0)" } ?? "(session)") \(kind.rawValue) (\(profiles.joined(separator: ", "))): \(message)"
        }
    }

    let report: Report
    let sessions: [Session]
    let results: [SessionResult]

    /// The rule's name.
    public let rule: String
    /// Every discrepancy, session by session, in corpus order.
    public let discrepancies: [Discrepancy]
    /// How many sessions were replayed.
    public var sessionCount: Int { sessions.count }
    /// The text each session's field ends with, session by session, profile by profile.
    public var finalTexts: [UTF16Text] { results.flatMap { $0.finalText.map(\.value) } }

    /// Replays `rule` through `corpus` under `profiles`.
    ///
    /// - Throws: ``HarnessFailure`` when a session cannot be read.
    public init(rule: some InputRule, corpus: Corpus = .bundled, profiles: [Profile] = Profile.all)
        throws(HarnessFailure)
    {
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
        self.sessions = sessions
        self.results = results
        self.rule = rule.spec
        report = Report(replay: results, profiles: profiles.map(\.name), rules: [rule.spec], errors: [])
        discrepancies = results.flatMap { result in
            result.findings.map {
                Discrepancy(
                    kind: $0.kind, session: result.sessionID, event: $0.event, profiles: $0.profiles,
                    message: $0.message)
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
