import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import HarnessTestSupport
import InputRules
import Testing

@testable import Reporting

@Suite struct ReportTests {
    /// The forum's Zhuyin 王 (thread 801013), as replay reports it, and a clean session.
    static let forumReport = Report(
        origin: .replay, profiles: ["ios18-single", "ios26-multi"], rules: ["none"],
        sessions: [
            SessionReplay(
                sessionID: "zhuyin-wang", rule: "none", eventCount: 3,
                finalText: [
                    ProfileValue(profile: "ios18-single", value: "王"), ProfileValue(profile: "ios26-multi", value: "王"),
                ],
                findings: [
                    Finding(
                        kind: .discrepancy(.proposedTextMismatch), event: 2, profiles: ["ios26-multi"],
                        message:
                            #"ios26-multi calls [{2, 0}] "王" on "[ㄨㄤ|]": the call implies "ㄨㄤ王" but the field then holds "王""#,
                        details: .object([("field", .string("[ㄨㄤ|]"))]))
                ], traces: []),
            SessionReplay(
                sessionID: "latin", rule: "none", eventCount: 2,
                finalText: [
                    ProfileValue(profile: "ios18-single", value: "ab"),
                    ProfileValue(profile: "ios26-multi", value: "ab"),
                ],
                findings: [], traces: []),
        ],
        errors: [SessionError(file: "bad.jsonl", line: 3, event: 1, message: "$.events[1].op: expected …")])

    @Test func countsAndExitCode() {
        let report = Self.forumReport
        #expect(report.sessionCount == 2)
        #expect(report.eventsReplayed == 10)
        #expect(report.findingCount == 1)
        #expect(report.exitCode == 2, "an unreadable session wins over discrepancies")
        var clean = report
        clean.errors = []
        #expect(clean.exitCode == 1)
        clean.sessions = [clean.sessions[1]]
        #expect(clean.exitCode == 0)
        #expect(
            report.kinds.map(\.kind) == DiscrepancyKind.allCases.map(FindingKind.discrepancy), "every kind is listed")
        #expect(report.worstOffenders(5).map(\.sessionID) == ["zhuyin-wang"])
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let text = Self.forumReport.json.rendered()
        let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["run"] as? String == "replay")
        #expect((summary["byKind"] as? [String: Int])?["proposed-text-mismatch"] == 1)
        let sessions = try #require(json["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["id"] as? String } == ["zhuyin-wang", "latin"])
        let discrepancy = try #require((sessions[0]["discrepancies"] as? [[String: Any]])?.first)
        #expect(discrepancy["event"] as? Int == 2)
        #expect(discrepancy["rule"] as? String == "none")
        #expect((discrepancy["details"] as? [String: Any])?["field"] as? String == "[ㄨㄤ|]")
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["line"] as? Int == 3)
    }

    @Test func loneSurrogatesSurviveIntoJSONAndBack() throws {
        var report = Self.forumReport
        report.sessions[1].finalText = [ProfileValue(profile: "ios18-single", value: UTF16Text(units: [0x61, 0xD83D]))]
        #expect(report.json.rendered().contains(#""ios18-single": "a\ud83d""#))
        let read = try Report(json: JSONNode(JSONParser.parse(report.json.rendered())))
        #expect(read.sessions[1].finalText[0].value == UTF16Text(units: [0x61, 0xD83D]))
    }

    /// A report read back from its JSON is the same report, traces and all, and renders
    /// the same bytes: `ime-harness report` shows exactly what the run would have.
    @Test func corpusReportSurvivesJSON() throws {
        let report = Fixtures.corpusReport
        #expect(report.findingCount == 134)
        #expect(report.sessions.filter { !$0.findings.isEmpty }.allSatisfy { $0.traces.count == 2 })
        let read = try Report(json: JSONNode(JSONParser.parse(report.json.rendered())))
        #expect(read == report)
        #expect(read.html() == report.html())
        #expect(read.junit == report.junit)
        #expect(read.markdown == report.markdown)
    }

    @Test func everyTraceOfTheCorpusSurvivesJSON() throws {
        let replayer = try Replayer()
        let rules = try ["none", "legacy-truncate-count:limit=6", "max-length:limit=4"].map {
            try RuleCatalogue.full.rule($0)
        }
        for session in Repository.sessions().sessions + [Fixtures.hostileSession] {
            for result in replayer.run(session, profiles: Fixtures.profiles, rules: rules, traces: .all) {
                for trace in result.traces {
                    let read = try Trace(json: JSONNode(JSONParser.parse(trace.json.rendered())))
                    #expect(read == trace, "\(session.id) under \(trace.profile)")
                }
            }
        }
    }

    @Test func fuzzResultsBecomeAReport() throws {
        let result = try Fixtures.fuzzResult()
        #expect(!result.failures.isEmpty, "the legacy truncation fails within 200 sessions")
        #expect(result.failures.allSatisfy { $0.traces.count == Fixtures.profiles.count })
        let report = Report(fuzz: result, profiles: Fixtures.profiles.map(\.name))
        guard case .fuzz(let run) = report.origin else {
            Issue.record("a fuzz report")
            return
        }
        #expect(run.seed == 0)
        #expect(run.properties == result.properties)
        #expect(report.sessions.map(\.sessionID) == result.failures.map(\.session.id))
        #expect(report.kinds.map(\.kind) == run.properties.map(FindingKind.property))
        let read = try Report(json: JSONNode(JSONParser.parse(result.json.rendered())))
        #expect(read.sessions == report.sessions)
        #expect(read.profiles == report.profiles)
        let again = try Report(json: JSONNode(JSONParser.parse(report.json.rendered())))
        #expect(again.markdown == report.markdown)
        #expect(again.html() == report.html())
    }

    @Test func malformedResultsNameTheJSONPath() throws {
        var text = Fixtures.corpusReport.json.rendered()
        let member = try #require(text.range(of: #""events": "#))
        let digits = text[member.upperBound...].prefix { $0.isNumber }
        text.replaceSubrange(member.upperBound..<text.index(member.upperBound, offsetBy: digits.count), with: "\"two\"")
        let parsed = try JSONParser.parse(text)
        let error = try #require(throws: JSONDecodingError.self) { try Report(json: JSONNode(parsed)) }
        #expect(error.description.hasPrefix("$.sessions["))
        #expect(error.description.contains(".events: expected a whole number from 0"))
    }
}
