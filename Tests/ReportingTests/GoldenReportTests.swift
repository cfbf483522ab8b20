import Composition
import Foundation
import Fuzzing
import HarnessTestSupport
import Testing

@testable import Reporting

/// Every renderer's whole output, compared byte for byte with a file under `Golden/`.
///
/// A change to a report shows as a diff of these files in review. After a deliberate
/// change, record them again with `RECORD_SNAPSHOTS=1 swift test --filter GoldenReportTests`
/// and read the diff before committing it.
@Suite struct GoldenReportTests {
    /// A report and the name its files start with.
    struct Golden: Sendable, CustomTestStringConvertible {
        var name: String
        var report: @Sendable () throws -> Report
        var testDescription: String { name }
    }

    static let goldens: [Golden] = [
        // Pinyin, a ZWJ family, a multi-range QuickType edit, and the session written to
        // attack the writers (markup, quotes, a right-to-left override, a ZWJ in marked
        // text), with no rule and with a truncation that leaves a lone surrogate.
        Golden(name: "replay") {
            let sessions = try ["pinyin/zhong-guo", "emoji/family-zwj", "latin/quicktype-multi-range"].map { name in
                try #require(SessionFiles.load([Repository.path("Corpora/sessions/\(name).json")]).sessions.first)
            }
            return try Fixtures.replay(
                sessions + [Fixtures.hostileSession], rules: ["none", "legacy-truncate-count:limit=8"])
        },
        // A results file written to attack the renderers, as `report` reads it.
        Golden(name: "hostile-results") { Fixtures.hostileResults },
        // A fuzz campaign of 200 sessions, its time set to 0 (the only value that varies).
        Golden(name: "fuzz") {
            var report = Report(fuzz: try Fixtures.fuzzResult(), profiles: Fixtures.profiles.map(\.name))
            if case .fuzz(var campaign) = report.origin {
                campaign.seconds = 0
                report.origin = .fuzz(campaign)
            }
            return report
        },
    ]

    @Test(arguments: goldens)
    func rendersAsRecorded(_ golden: Golden) throws {
        let report = try golden.report()
        // The stylesheet is ReportStyle.css verbatim: checked here once, and left out of the
        // golden pages, which would otherwise each copy it and change with every style edit.
        let html = report.html()
        #expect(html.components(separatedBy: ReportStyle.css).count == 2, "the page embeds the stylesheet once")
        let page = html.replacingOccurrences(of: ReportStyle.css, with: "/* ReportStyle.css */\n")
        let outputs: [(String, String)] = [
            ("md", report.markdown), ("html", page), ("junit.xml", report.junit),
            ("json", report.json.rendered() + "\n"), ("matrix.md", report.matrix),
            ("summary.md", report.summary()),
        ]
        for (suffix, output) in outputs {
            try Self.compare(output, with: "\(golden.name).\(suffix)")
        }
    }

    /// Compares `output` with the golden file `name` under `Golden/` (``GoldenFile``).
    static func compare(_ output: String, with name: String) throws {
        if let mismatch = try GoldenFile.mismatch(output, at: "Tests/ReportingTests/Golden/\(name)") {
            Issue.record(Comment(rawValue: mismatch))
        }
    }
}
