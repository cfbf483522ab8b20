import Foundation
import Testing

@testable import IMEHarness

/// Issue 42: an Android run's report shows its profiles under the Android platform, beside
/// what an iOS run shows, and fails the run on the rule's findings.
@Suite struct AndroidReportTests {
    @Test func theReportGroupsTheProfilesUnderAndroid() throws {
        let replays = try [AndroidTests.gboard, AndroidTests.samsung].map {
            try AndroidReplay(rule: AndroidTests.lengthFilter10, profile: $0)
        }
        let sessions = try AndroidSession.bundled().filter {
            $0.id == "android-latin-word-at-limit" || $0.id == "android-hangul-at-limit"
        }
        let run = AndroidCorpusRun(rule: AndroidTests.lengthFilter10.spec, replays: replays, sessions: sessions)
        let report = run.report
        #expect(report.exitCode == 1)
        let summary = report.rendered(.summary)
        #expect(summary.contains("**By platform**"))
        #expect(summary.contains("| Android | `gboard`, `samsung` |"), "\(summary)")
        #expect(summary.contains("composition-interrupted") && summary.contains("deletion-blocked"))
        let markdown = report.rendered(.markdown)
        #expect(markdown.contains("| Android | `gboard`, `samsung` |"))
        #expect(markdown.contains("minimised to"))
        let directory = NSTemporaryDirectory() + "android-reports-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try ReportDirectory.write(report, name: run.rule + ".android", in: directory)
        for suffix in ["summary.md", "html", "junit.xml"] {
            #expect(FileManager.default.fileExists(atPath: "\(directory)/length-filter-10.android.\(suffix)"))
        }
        let junit = try String(contentsOfFile: "\(directory)/length-filter-10.android.junit.xml", encoding: .utf8)
        #expect(junit.contains("failures=") && junit.contains("deletion-blocked"))
    }
}
