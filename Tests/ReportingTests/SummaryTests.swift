import Composition
import Foundation
import HarnessJSON
import Testing

@testable import Reporting

/// The pull-request summary stays under its budget whatever the run's size.
@Suite struct SummaryTests {
    @Test func theCorpusSummaryHoldsTheVerdictAndEveryKindFound() {
        var report = Fixtures.corpusReport
        report.gate = .rule
        let summary = report.summary(fullReport: "report.html")
        #expect(summary.hasPrefix("## Replay report: **PASS**\n"))
        #expect(summary.contains("Full report: `report.html`."))
        #expect(summary.contains("| `proposed-text-mismatch` |"))
        #expect(!summary.contains("`verdict-mismatch`"), "kinds not found are left out")
        #expect(summary.utf16.count <= Report.summaryBudget)
    }

    /// 20,000 session replays with long ids, thousands of findings and a rule spec longer
    /// than any line should hold: still under the budget, the rest counted.
    @Test func aHugeRunStaysUnderTheBudget() {
        let finding = Finding(
            kind: .discrepancy(.compositionInterrupted), event: 3, profiles: ["ios18-single"], message: "m")
        let longRule = "regex:pattern=" + String(repeating: "(a|b)", count: 5_000)
        let sessions = (0..<20_000).map { index in
            SessionReplay(
                sessionID: "session-\(index)-" + String(repeating: "x", count: 120),
                rule: index % 2 == 0 ? "r" : longRule,
                eventCount: 5, finalText: [], findings: Array(repeating: finding, count: 3), traces: [])
        }
        var report = Report(
            origin: .replay, profiles: ["ios18-single"], rules: ["r", longRule], sessions: sessions, errors: [])
        report.gate = .rule
        let summary = report.summary()
        #expect(summary.utf16.count <= Report.summaryBudget, "\(summary.utf16.count)")
        #expect(summary.contains("more lines, in the full report (--format html or json)."))
        #expect(summary.hasSuffix("</details>\n"))
        #expect(!summary.contains(longRule), "a spec this long is shortened")
    }
}
