import Composition
import Foundation
import HarnessJSON
import HarnessTestSupport
import KeyboardOverlap
import Testing

@testable import Reporting

/// The keyboard reports: the HTML page is well-formed and inert with a drawing per event,
/// hostile ids stay text; JUnit has a case per replay and one failure per failing case.
@Suite struct KeyboardReportTests {
    static let profiles: [KeyboardProfile] = {
        let store = ProfileStore(directory: Repository.path("Corpora/keyboard-profiles"))
        return store.names().map { name in
            do {
                return try KeyboardFiles.profile(named: name, in: store)
            } catch {
                fatalError("\(error)")
            }
        }
    }()

    /// A name a keyboard profile or session file may give: a newline and a heading,
    /// backticks, a pipe, a live tag, a right-to-left override.
    static let hostileName = "p|1`` `\n# Heading <img src=x onerror=alert(1)>\u{202E}z"

    static func run(_ handler: any KeyboardHandler, hostile: Bool = false) -> KeyboardRun {
        var (sessions, _) = KeyboardFiles.load([Repository.path("Corpora/keyboard-sessions")])
        var profiles = Self.profiles
        if hostile {
            sessions[0].id = "<script>alert(1)</script>\u{202E}&\"'"
            sessions[0].source.detail = "<img src=x onerror=alert(1)>"
            sessions[1].id = hostileName
            profiles[0].name = hostileName
        }
        return KeyboardRun(sessions: sessions, profiles: profiles, handlers: [handler])
    }

    /// Nothing a profile or session names becomes Markdown markup or breaks a line of it.
    @Test func hostileNamesStayTextInMarkdown() {
        let markdown = Self.run(Seed000WindowHandler(), hostile: true).markdown
        #expect(!markdown.contains("\u{202E}"))
        #expect(!markdown.contains("\n# Heading"))
        for line in markdown.split(separator: "\n") {
            let (closed, outside) = MarkdownReportTests.codeSpans(String(line))
            #expect(closed, "\(line)")
            #expect(MarkdownReportTests.markupEscaped(outside), "\(line)")
        }
    }

    @Test func thePageIsWellFormedInertAndDrawsEveryEvent() throws {
        let run = Self.run(Seed000WindowHandler(), hostile: true)
        let html = run.html
        let document = try ParsedXML(html)
        let allowed = HTMLReportTests.allowedElements.union(["svg", "rect", "br"])
        for element in document.elements {
            #expect(allowed.contains(element.name), "unexpected <\(element.name)>")
            for name in element.attributes.keys { #expect(!name.lowercased().hasPrefix("on")) }
        }
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let failing = run.replays.filter { !$0.findings.isEmpty }
        let drawn = failing.prefix(KeyboardRun.drawnReplays).reduce(0) {
            $0 + $1.steps.filter { $0.snapshot != nil }.count
        }
        let drawings = document.all("svg").filter { $0.attributes["class"] == "screen" }
        #expect(drawings.count == drawn)
        #expect(document.all("rect").contains { $0.attributes["class"] == "fld bad" }, "a covered field drawn red")
    }

    @Test func aMovedWindowIsDrawnOffTheScreen() throws {
        let run = Self.run(Seed000WindowHandler())
        let replay = try #require(
            run.replays.first { $0.sessionID == "phone-fixed-login-emoji" && $0.profile == "iphone-show-repeats" })
        let snapshot = try #require(replay.steps[0].snapshot)
        let drawing = KeyboardRun.drawing(snapshot, covered: [])
        // The window moved up 172 points: the view box reaches above the screen, and the
        // window's rectangle starts there.
        #expect(drawing.contains("viewBox=\"-6 -178 405 1036\""))
        #expect(drawing.contains("<rect class=\"win\" x=\"0\" y=\"-172\" width=\"393\" height=\"852\"/>"))
    }

    @Test func junitHasACasePerReplayAndOneFailureEach() throws {
        let run = Self.run(Seed002ScrollInsetHandler())
        let document = try ParsedXML(run.junit)
        let cases = document.all("testcase")
        #expect(cases.count == run.replays.count)
        #expect(document.all("failure").count == run.replays.filter { !$0.findings.isEmpty }.count)
    }

    @Test func markdownLeadsWithTheVerdict() {
        let run = Self.run(KeyboardLayoutGuideHandler())
        #expect(run.markdown.hasPrefix("# Keyboard overlap\n\n**PASS: every invariant held in "))
    }

    /// The keyboard reports of two handlers (one that fails, one that passes) over the
    /// shipped keyboard corpus, hostile names included, whole, against golden files: the
    /// page (its stylesheet written once as a marker, as the text reports' goldens do),
    /// JUnit, JSON and Markdown.
    @Test(arguments: [("keyboard-seed000", true), ("keyboard-layout-guide", false)])
    func rendersAsRecorded(_ name: String, failing: Bool) throws {
        let run =
            failing ? Self.run(Seed000WindowHandler(), hostile: true) : Self.run(KeyboardLayoutGuideHandler())
        // Both stylesheets written once as markers: copied into the goldens, they changed
        // with every style edit and repeated the source.
        #expect(run.html.components(separatedBy: KeyboardRun.css).count == 2, "the page embeds its stylesheet once")
        let page = run.html.replacingOccurrences(of: ReportStyle.css, with: "/* ReportStyle.css */\n")
            .replacingOccurrences(of: KeyboardRun.css, with: "/* KeyboardRun.css */\n")
        let outputs: [(String, String)] = [
            ("html", page), ("junit.xml", run.junit), ("json", run.json.rendered() + "\n"), ("md", run.markdown),
        ]
        for (suffix, output) in outputs {
            try GoldenReportTests.compare(output, with: "\(name).\(suffix)")
        }
    }

    /// `report` renders a keyboard run from the JSON it wrote exactly as the run did, in
    /// every format, hostile names included.
    @Test(arguments: [true, false])
    func readsBackWhatItWrote(_ failing: Bool) throws {
        let run =
            failing ? Self.run(Seed000WindowHandler(), hostile: true) : Self.run(KeyboardLayoutGuideHandler())
        let read = try KeyboardRun(json: JSONNode(JSONParser.parse(Array(run.json.rendered().utf8))))
        for format in KeyboardRun.formats { #expect(read.rendered(format) == run.rendered(format), "\(format)") }
    }

    /// A keyboard fuzz campaign's results are the campaign's; read, its counterexamples
    /// replayed again under the profiles it names give the same reports.
    @Test func aFuzzCampaignIsReplayedAgain() throws {
        let handler = Seed000WindowHandler()
        let result = KeyboardFuzzer(handler: handler, profiles: Self.profiles).run(
            seed: 0, iterations: 200, seconds: nil)
        #expect(!result.failures.isEmpty, "the seed's handler breaks invariants")
        let run = KeyboardRun(fuzz: result, profiles: Self.profiles, handler: handler)
        let read = try KeyboardFuzzResult(json: JSONNode(JSONParser.parse(Array(run.json.rendered().utf8))))
        #expect(read.profiles == Self.profiles.map(\.name))
        let again = KeyboardRun(fuzz: read, profiles: Self.profiles, handler: handler)
        for format in KeyboardRun.formats { #expect(again.rendered(format) == run.rendered(format), "\(format)") }
    }

    /// What a results file cannot say: a verdict its replays contradict, a replay under a
    /// profile the run does not list, a failure under a profile the campaign did not use.
    @Test func inconsistentResultsAreRefusedAtTheirPath() throws {
        let written = Self.run(Seed000WindowHandler()).json.rendered()
        let cases: [(String, String, String)] = [
            ("\"verdict\": \"fail\"", "\"verdict\": \"pass\"", "$.verdict: expected \"fail\", as its replays say"),
            ("\"profile\": \"iphone-frame-only\"", "\"profile\": \"elsewhere\"", "expected one of the run's profiles"),
        ]
        for (from, to, message) in cases {
            let edited = written.replacingOccurrences(of: from, with: to)
            #expect(edited != written)
            do {
                _ = try KeyboardRun(json: JSONNode(JSONParser.parse(Array(edited.utf8))))
                Issue.record("\(to) was read")
            } catch let error as JSONDecodingError {
                #expect(error.description.contains(message), "\(error)")
            }
        }
        var result = KeyboardFuzzer(handler: Seed000WindowHandler(), profiles: Self.profiles).run(
            seed: 0, iterations: 50, seconds: nil)
        let profile = try #require(result.failures.first?.profile)
        result.profiles.removeAll { $0 == profile }
        do {
            _ = try KeyboardFuzzResult(json: JSONNode(JSONParser.parse(Array(result.json.rendered().utf8))))
            Issue.record("a failure under a profile the campaign did not use was read")
        } catch let error as JSONDecodingError {
            #expect(error.description.hasPrefix("$.failures[0].profile: expected one of the campaign's profiles"))
        }
    }

    /// The gate is the text replay's: a keyboard invariant is the handler's (`rule`), so
    /// `none` reports every broken invariant and passes, a list of invariants fails on
    /// those alone; every format says so, and the JSON keeps the gate for `report`.
    @Test func theGateDecidesWhatFails() throws {
        var run = Self.run(Seed000WindowHandler())
        let broken = run.replays.flatMap(\.findings)
        #expect(run.exitCode == 1 && run.failingCount == broken.count && run.verdictWord == "FAIL")
        run.gate = .none
        #expect(run.exitCode == 0 && run.failingCount == 0)
        #expect(
            run.headline.hasPrefix("PASS (--fail-on none): no broken invariant fails the run; \(broken.count) reported")
        )
        #expect(!run.junit.contains("<failure") && run.junit.contains("Reported, not failing the run (--fail-on none)"))
        #expect(run.html.contains("<b>PASS</b><span class=\"t\"> (--fail-on none): no broken invariant fails the run"))
        run.gate = .kinds([.keyboard(.notAtRest)])
        let notAtRest = broken.filter { $0.invariant == .notAtRest }.count
        #expect(notAtRest > 0 && run.failingCount == notAtRest && run.exitCode == 1)
        let read = try KeyboardRun(json: JSONNode(JSONParser.parse(Array(run.json.rendered().utf8))))
        #expect(read.gate == run.gate)
        for format in KeyboardRun.formats { #expect(read.rendered(format) == run.rendered(format), "\(format)") }
    }
}
