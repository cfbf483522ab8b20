import Graphemes

/// One session replayed with one rule under every profile, and what was found: the one
/// result model of replays, fuzz failures and reports.
///
/// What a finding is depends on who holds it: a replay's are ``Discrepancy`` values with
/// their evidence (``SessionResult``); a report's are the same rendered as text, which is
/// what a results file holds and what a fuzz failure is shown as (Reporting's
/// `SessionReplay`).
package struct SessionOutcome<Found: Equatable & Sendable>: Equatable, Sendable {
    package var sessionID: String
    package var rule: String
    package var eventCount: Int
    /// The text each profile's field ends with, in profile order.
    package var finalText: [ProfileValue<UTF16Text>]
    /// The findings kept, in order (a replay keeps the first ones, see ``ReplayLimits``).
    package var findings: [Found]
    /// Findings counted beyond those kept, by kind and profiles.
    package var omitted: [FindingCount]
    /// Each profile's trace, when kept (see ``TraceKeeping``).
    package var traces: [Trace]

    package init(
        sessionID: String, rule: String, eventCount: Int, finalText: [ProfileValue<UTF16Text>], findings: [Found],
        omitted: [FindingCount] = [], traces: [Trace]
    ) {
        self.sessionID = sessionID
        self.rule = rule
        self.eventCount = eventCount
        self.finalText = finalText
        self.findings = findings
        self.omitted = omitted
        self.traces = traces
    }

    /// Whether anything was found, kept or only counted.
    package var hasFindings: Bool { !findings.isEmpty || !omitted.isEmpty }

    /// Every finding, kept or counted (saturating: counts may come from a results file).
    package var findingTotal: Int { omitted.reduce(findings.count) { $0.saturatingAdd($1.count) } }

    /// Whether the profiles end with different texts.
    package var finalTextsDiffer: Bool { Set(finalText.map(\.value)).count > 1 }

    /// The same outcome with each finding made into another form (a report's text).
    package func mapFindings<Other>(_ transform: (Found) -> Other) -> SessionOutcome<Other> {
        SessionOutcome<Other>(
            sessionID: sessionID, rule: rule, eventCount: eventCount, finalText: finalText,
            findings: findings.map(transform), omitted: omitted, traces: traces)
    }
}

extension Int {
    /// The sum of two counts (not negative), `Int.max` where it would overflow.
    package func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

/// A replay's outcome: its findings are discrepancies with their evidence.
package typealias SessionResult = SessionOutcome<Discrepancy>
