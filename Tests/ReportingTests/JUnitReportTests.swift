import Composition
import Foundation
import HarnessJSON
import Testing

@testable import Reporting

@Suite struct JUnitReportTests {
    /// One test case per session × profile, one failure per failing case listing each of
    /// its discrepancies, and suite counts that agree with the cases, as a standard XML
    /// parser reads them.
    @Test func corpusGivesATestCasePerSessionAndProfile() throws {
        let report = Fixtures.corpusReport
        let document = try ParsedXML(report.junit)
        let suite = try #require(document.all("testsuite").first)
        #expect(suite.attributes["name"] == "none")
        let cases = document.all("testcase")
        #expect(cases.count == report.sessions.count * report.profiles.count)
        #expect(suite.attributes["tests"] == String(cases.count))
        let failures = document.all("failure")
        let failedCases = report.sessions.reduce(0) { total, session in
            total
                + report.profiles.filter { profile in session.findings.contains { $0.profiles.contains(profile) } }
                .count
        }
        #expect(suite.attributes["failures"] == String(failedCases))
        #expect(failures.count == failedCases)
        let forum = try #require(
            failures.first {
                $0.attributes["message"]?.hasPrefix("event 2: ios26-multi calls [{2, 0}] \"王\" on \"[ㄨㄤ|]\"") == true
            })
        #expect(forum.attributes["type"] == "proposed-text-mismatch")
        #expect(forum.text.contains("field before event 2 under ios26-multi: [ㄨㄤ|]"))
        let properties = document.all("property").map { ($0.attributes["name"] ?? "", $0.attributes["value"] ?? "") }
        #expect(properties.contains { $0.0 == "icu" && $0.1 == report.icuVersion })
    }

    @Test func hostileTextParsesBackAsText() throws {
        let document = try ParsedXML(Fixtures.hostileReport.junit)
        let names = document.all("testcase").compactMap { $0.attributes["name"] }
        #expect(names.contains("<script>alert(\"x\")</script><202E>evil (ios18-single)"))
        #expect(!Fixtures.hostileReport.junit.contains("\u{202E}"))
        #expect(document.all("failure").contains { $0.text.contains("broken-text at event") })
    }

    @Test func unreadableSessionsAreErrors() throws {
        var report = Fixtures.hostileReport
        report.errors = [SessionError(file: "bad&<.jsonl", line: 2, message: "$.events[0].op: expected one of …")]
        let document = try ParsedXML(report.junit)
        let error = try #require(document.all("error").first)
        #expect(error.attributes["message"] == "bad&<.jsonl:2: $.events[0].op: expected one of …")
        #expect(document.all("testsuites").first?.attributes["errors"] == "1")
    }

    @Test func fuzzRunsGiveATestCasePerPassedPropertyAndPerDistinctFailure() throws {
        var result = try Fixtures.fuzzResult()
        // The legacy truncation has one root cause per property; a second bug of the first
        // property's is made here, as a rule with two would have.
        var second = try #require(result.failures.first)
        second.shape += " [another]"
        result.failures.insert(second, at: 1)
        let report = Report(fuzz: result, profiles: Fixtures.profiles.map(\.name))
        let document = try ParsedXML(report.junit)
        var expected: [String] = []
        for property in result.properties {
            let count = result.failures.filter { $0.property == property }.count
            expected +=
                count == 0
                ? [property.rawValue] : (1...count).map { $0 == 1 ? property.rawValue : "\(property.rawValue) #\($0)" }
        }
        #expect(
            result.failures.count > result.failedProperties.count, "the fixture keeps several failures of a property")
        #expect(document.all("testcase").map { $0.attributes["name"] ?? "" } == expected)
        #expect(document.all("failure").map { $0.attributes["type"] ?? "" } == result.failures.map(\.property.rawValue))
        #expect(document.all("property").contains { $0.attributes["name"] == "seed" && $0.attributes["value"] == "0" })
    }
}
