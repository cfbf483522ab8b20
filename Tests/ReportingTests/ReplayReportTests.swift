import Composition
import Foundation
import Graphemes
import HarnessJSON
import Testing

@testable import Reporting

@Suite struct ReplayReportTests {
    static let forumDiscrepancies: [Discrepancy] = [
        Discrepancy(
            kind: .proposedTextMismatch, event: 2, profiles: ["ios26-multi"], rule: "none",
            evidence: .proposedText(
                profile: "ios26-multi", call: .multi(ranges: [.caret(at: 2)], replacement: "王"),
                seen: FieldState(text: "ㄨㄤ", selection: .caret(at: 2), markedRange: UTF16Range(location: 0, length: 2)),
                proposed: "ㄨㄤ王", actual: "王"))
    ]

    static let report = ReplayReport(
        profiles: ["ios18-single", "ios26-multi"], rules: ["none"],
        results: [
            SessionResult(
                sessionID: "zhuyin-wang", rule: "none", finalText: [("ios18-single", "王"), ("ios26-multi", "王")],
                discrepancies: forumDiscrepancies, eventCount: 3, traces: []),
            SessionResult(
                sessionID: "latin", rule: "none", finalText: [("ios18-single", "ab"), ("ios26-multi", "ab")],
                discrepancies: [], eventCount: 2, traces: []),
        ],
        errors: [SessionError(file: "bad.jsonl", line: 3, event: 1, message: "$.events[1].op: expected …")])

    @Test func countsAndExitCode() {
        #expect(Self.report.sessionCount == 2)
        #expect(Self.report.eventsReplayed == 10)
        #expect(Self.report.discrepancyCount == 1)
        #expect(Self.report.exitCode == 2, "an unreadable session wins over discrepancies")
        var clean = Self.report
        clean.errors = []
        #expect(clean.exitCode == 1)
        clean.results = [clean.results[1]]
        #expect(clean.exitCode == 0)
    }

    @Test func markdownShowsTheFieldAndEscapesMarkup() {
        let markdown = Self.report.markdown
        #expect(markdown.contains("| 2 | 10 | 1 | 1 |"))
        #expect(markdown.contains("| `proposed-text-mismatch` | 1 |"))
        #expect(markdown.contains("- bad.jsonl:3: event 1: $.events\\[1\\].op: expected …"))
        #expect(
            markdown.contains(
                #"- event 2, **proposed-text-mismatch** (ios26-multi): ios26-multi calls \[{2, 0}\] "王" on "\[ㄨㄤ\|\]": the call implies "ㄨㄤ王" but the field then holds "王""#
            ))
        #expect(markdown.contains("No discrepancies: `latin` (`none`)."))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let text = Self.report.json.rendered()
        let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect((summary["byKind"] as? [String: Int])?["proposed-text-mismatch"] == 1)
        let sessions = try #require(json["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["id"] as? String } == ["zhuyin-wang", "latin"])
        let discrepancy = try #require((sessions[0]["discrepancies"] as? [[String: Any]])?.first)
        #expect(discrepancy["event"] as? Int == 2)
        #expect((discrepancy["details"] as? [String: Any])?["field"] as? String == "[ㄨㄤ|]")
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["line"] as? Int == 3)
    }

    @Test func loneSurrogatesSurviveIntoJSON() throws {
        var report = Self.report
        report.results[1].finalText = [("ios18-single", UTF16Text(units: [0x61, 0xD83D]))]
        #expect(report.json.rendered().contains(#""ios18-single": "a\ud83d""#))
        let parsed = try JSONParser.parse(report.json.rendered())
        #expect(
            parsed["sessions"].map { value -> Bool in
                guard case .array(let sessions) = value else { return false }
                return sessions[1]["finalText"]?["ios18-single"] == .string(UTF16Text(units: [0x61, 0xD83D]))
            } == true)
    }
}
