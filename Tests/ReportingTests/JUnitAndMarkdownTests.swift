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
        let result = try Fixtures.fuzzResult()
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

@Suite struct MarkdownReportTests {
    /// Every row of every table has as many cells as its header: a `|` inside session
    /// text or a code span must not open a new column.
    @Test(arguments: FixtureReport.allCases)
    func tablesKeepTheirShape(_ fixture: FixtureReport) throws {
        let report = fixture.report
        for document in [report.markdown, report.matrix] {
            var columns: Int?
            var tables = 0
            for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
                guard line.hasPrefix("|") else {
                    columns = nil
                    continue
                }
                let cells = Self.cells(String(line))
                if let columns {
                    #expect(cells == columns, "\(line)")
                } else {
                    columns = cells
                    tables += 1
                }
            }
            #expect(tables >= 2)
        }
    }

    /// The cells of a GitHub table row: split at each `|` that no backslash comes right
    /// before — cmark-gfm takes `\|` for a pipe whatever precedes the backslash (checked
    /// with cmarkgfm: `| x\\|y | z |` is two cells).
    static func cells(_ row: String) -> Int {
        var count = 0
        var previous: Character = " "
        for character in row {
            if character == "|", previous != "\\" { count += 1 }
            previous = character
        }
        return count - 1
    }

    @Test func discrepanciesShowTheFieldInNotation() {
        let markdown = Fixtures.corpusReport.markdown
        #expect(
            markdown.contains("| sessions | session replays | events replayed | discrepancies | unreadable sessions |"))
        #expect(markdown.contains("| `proposed-text-mismatch` | 67 |"))
        #expect(
            markdown.contains(
                #"| 2 | `proposed-text-mismatch` | ios26-multi | `[ㄨㄤ\|]` | ios26-multi calls \[{2, 0}\] "王" on "\[ㄨㄤ\|\]": the call implies "ㄨㄤ王" but the field then holds "王" |"#
            ))
        #expect(markdown.contains("## Worst offenders"))
    }

    /// Nothing from a results file becomes markup: no raw tag, no raw control or bidi
    /// character, and every code span closes on its own line (a backtick in a kind cannot
    /// break out of it).
    @Test(arguments: FixtureReport.allCases)
    func inputNeverBecomesMarkup(_ fixture: FixtureReport) throws {
        let report = fixture.report
        for document in [report.markdown, report.matrix, report.summary(fullReport: nil)] {
            #expect(!document.contains("\u{202E}"))
            // A name with a newline starts no heading of its own.
            #expect(!document.contains("\n# Heading"))
            // The summary folds its details in its own `<details>` (input is escaped, so no
            // line of it can start with a raw tag).
            for line in document.split(separator: "\n")
            where !(line.hasPrefix("<details><summary>") || line == "</details>") {
                let (closed, outside) = Self.codeSpans(String(line))
                #expect(closed, "\(line)")
                #expect(Self.markupEscaped(outside), "\(line)")
            }
        }
        let junit = try ParsedXML(fixture.report.junit)
        #expect(!junit.elements.isEmpty)
    }

    /// Whether every backtick fence on `line` is closed by a fence of the same length
    /// (CommonMark), and the text outside the code spans.
    static func codeSpans(_ line: String) -> (closed: Bool, outside: String) {
        var outside = ""
        var open: Int?
        var run = 0
        var escaped = false
        for character in line + "\n" {
            if character == "`", open != nil || !escaped || run > 0 {
                run += 1
                continue
            }
            if run > 0 {
                if let fence = open {
                    if fence == run { open = nil }
                } else {
                    open = run
                }
                run = 0
            }
            if open == nil { outside.append(character) }
            escaped = open == nil && character == "\\" && !escaped
        }
        return (open == nil, outside)
    }

    /// Whether every `<` outside code spans is escaped, so no tag or autolink can start.
    static func markupEscaped(_ text: String) -> Bool {
        var escaped = false
        for character in text {
            if character == "<", !escaped { return false }
            escaped = character == "\\" && !escaped
        }
        return true
    }

    @Test func hostileTextIsEscapedAndVisible() {
        let markdown = Fixtures.hostileReport.markdown
        #expect(!markdown.contains("\u{202E}"))
        #expect(markdown.contains("### `<script>alert(\"x\")</script><202E>evil` with `legacy-truncate-count:limit=8`"))
        #expect(markdown.contains("<D83D>"), "the lone surrogate the truncation left")
        #expect(markdown.contains("\\&"), "an ampersand cannot start an entity")
    }
}

/// The gate decides which findings fail, in every output.
@Suite struct GateTests {
    @Test(arguments: [
        ("rule", ["composition-interrupted", "broken-text", "key-refused", "fuzz-only-property"], ["length-mismatch"]),
        ("platform", ["length-mismatch", "range-out-of-bounds", "observed-mismatch"], ["limit-exceeded"]),
        ("all", ["length-mismatch", "limit-exceeded"], []),
        ("none", [], ["length-mismatch", "limit-exceeded"]),
        ("limit-exceeded,broken-text", ["limit-exceeded", "broken-text"], ["rule-crashed", "length-mismatch"]),
    ])
    func failsOnWhatItNames(_ name: String, _ failing: [String], _ passing: [String]) throws {
        let known = DiscrepancyKind.allCases.map(\.rawValue)
        let gate = try Gate.parse(name, known: known).get()
        for kind in failing { #expect(gate.fails(kind), "\(kind)") }
        for kind in passing { #expect(!gate.fails(kind), "\(kind)") }
    }

    @Test func aMisspeltKindIsRefusedWithTheClosestOne() {
        let known = DiscrepancyKind.allCases.map(\.rawValue)
        #expect(throws: GateError(value: "limit-exceded", suggestion: "limit-exceeded")) {
            try Gate.parse("broken-text,limit-exceded", known: known).get()
        }
        #expect(throws: GateError(value: "rules", suggestion: "rule")) { try Gate.parse("rules", known: known).get() }
        #expect(throws: GateError(value: "zzzz", suggestion: nil)) { try Gate.parse("zzzz", known: known).get() }
        #expect(throws: GateError(value: "", suggestion: nil)) { try Gate.parse("", known: known).get() }
    }

    /// The corpus with no rule: the platform's discrepancies are reported; gated on the
    /// rule the run passes, on the platform it fails — and every output says so.
    @Test func everyOutputCarriesTheVerdict() throws {
        var report = Fixtures.corpusReport
        report.gate = .rule
        #expect(report.passes && report.exitCode == 0 && report.failingCount == 0)
        #expect(report.markdown.contains("**PASS** (--fail-on rule): no finding fails the run;"))
        #expect(report.html().contains("<p class=\"verdict pass\"><b>PASS</b>"))
        #expect(report.matrix.contains("**PASS** (--fail-on rule)"))
        #expect(try ParsedXML(report.junit).all("failure").isEmpty)
        #expect(report.junit.contains("Reported, not failing the run (--fail-on rule)"))
        report.gate = .platform
        #expect(!report.passes && report.exitCode == 1 && report.failingCount == report.findingCount)
        #expect(
            report.markdown.contains("**FAIL** (--fail-on platform): \(report.findingCount) findings fail the run."))
        // Read back from JSON, the gate and so the verdict stay.
        let reread = try Report(json: JSONNode(JSONParser.parse(report.json.rendered())))
        #expect(reread.gate == .platform && reread.exitCode == 1)
    }
}

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
        let finding = Finding(kind: "composition-interrupted", event: 3, profiles: ["ios18-single"], message: "m")
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
