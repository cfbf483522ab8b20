import Composition
import Foundation
import Graphemes
import HarnessJSON
import Testing

@testable import Reporting

@Suite struct HTMLReportTests {
    /// The elements the report may contain; anything else (a `script`, an `iframe`, an
    /// `img` that fetches) would mean session text became markup.
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "section", "footer", "h1", "h2", "h3", "h4", "p",
        "div", "span", "code", "q", "a", "b", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "details",
        "summary",
        "input", "label", "ul", "li",
    ]

    @Test func theParserUsedHereRejectsMalformedMarkup() {
        #expect(throws: XMLCheckError.self) { try ParsedXML("<a><b></a>") }
        #expect(throws: XMLCheckError.self) { try ParsedXML("<a title=\"x\" title=\"y\"/>") }
        #expect(throws: XMLCheckError.self) { try ParsedXML("<a>&nbsp;</a>") }
    }

    /// Hostile session text stays text: the page parses as XML, holds only known
    /// elements, no event handler attribute and no link out of the page, and shows the
    /// id, quotes and ampersand as they are.
    @Test(arguments: FixtureReport.allCases)
    func pagesAreWellFormedAndInert(_ fixture: FixtureReport) throws {
        let html = fixture.report.html()
        let document = try ParsedXML(html)
        for element in document.elements {
            #expect(Self.allowedElements.contains(element.name), "unexpected <\(element.name)>")
            for (name, value) in element.attributes {
                #expect(!name.lowercased().hasPrefix("on"), "event handler \(name)")
                if name == "href" { #expect(value.hasPrefix("#"), "a link out of the page: \(value)") }
            }
        }
        #expect(!html.lowercased().contains("<script"))
        let policy = try #require(document.all("meta").first { $0.attributes["http-equiv"] != nil })
        #expect(policy.attributes["content"] == "default-src 'none'; style-src 'unsafe-inline'")
    }

    @Test func hostileIDsAndTextAreShownNotRun() throws {
        let html = Fixtures.hostileReport.html()
        let document = try ParsedXML(html)
        #expect(!html.contains("\u{202E}"), "a bidi override never reaches the page raw")
        let id = try #require(document.all("span").first { $0.attributes["class"] == "sid" })
        let shown = document.elements.filter { $0.name == "span" && $0.attributes["class"] == "t" }
            .map(\.text)
        #expect(id.text.isEmpty, "the id is wrapped in a text span")
        #expect(shown.contains("<script>alert(\"x\")</script>evil"), "the id's text, its RLO drawn as a token")
        let tokens = document.all("span").filter { $0.attributes["class"]?.hasPrefix("tok ") == true }
        let rlo = try #require(tokens.first { $0.text == "RLO" })
        #expect(rlo.attributes["class"] == "tok bidi")
        #expect(rlo.attributes["title"] == "U+202E RIGHT-TO-LEFT OVERRIDE")
        #expect(html.contains("&lt;i&gt;&quot;&amp;&#39;"), "markup, quotes and ampersand escaped in the field")
    }

    @Test func loneSurrogatesAreTokensAndMarkedCells() throws {
        let report = Fixtures.hostileReport
        #expect(report.sessions[0].findings.contains { $0.kind == .discrepancy(.brokenText) })
        let document = try ParsedXML(report.html())
        let surrogates = document.all("span").filter { $0.attributes["class"] == "tok surrogate" }
        #expect(!surrogates.isEmpty)
        #expect(surrogates.allSatisfy { $0.text == "D83D" && $0.attributes["title"] == "U+D83D lone surrogate D83D" })
        let cells = document.all("div").filter {
            $0.attributes["class"]?.split(separator: " ").contains("lone") == true
        }
        #expect(cells.contains { $0.text == "D83D" }, "the unit row marks the lone surrogate")
    }

    /// The forum's ㄨㄤ → 王: ios18-single's `{0, 2}` is a bar over both units, ios26-multi's
    /// `[{2, 0}]` a tick at offset 2, each in its profile's colour.
    @Test func callRangesAreDrawnPerProfile() throws {
        let report = Fixtures.corpusReport
        let index = try #require(report.sessions.firstIndex { $0.sessionID == "zhuyin-wang" })
        var single = report
        single.sessions = [report.sessions[index]]
        let document = try ParsedXML(single.html())
        let event = try #require(document.elements.firstIndex { $0.attributes["id"] == "s0e2" })
        let drawn = document.elements[event...].filter { $0.name == "div" }.prefix(60)
        let bar = try #require(drawn.first { $0.attributes["class"] == "bar p0" })
        #expect(bar.text == "{0, 2}")
        #expect(bar.attributes["style"] == "grid-area: 6 / 2 / 7 / 4", "row 6: the first profile, units 0 and 1")
        let tick = try #require(drawn.first { $0.attributes["class"] == "tick p1" })
        #expect(tick.text == "[{2, 0}]")
        #expect(tick.attributes["style"] == "grid-area: 7 / 4 / 8 / 5", "row 7: at offset 2, the left edge of column 4")
        let marked = try #require(drawn.first { $0.attributes["class"] == "bar marked" })
        #expect(marked.text == "marked {0, 2}")
    }

    /// A kind is a ``FindingKind``, so a results file cannot smuggle markup in as one:
    /// reading it back refuses the kind at its path; the filters name kinds by index.
    @Test func kindsFromResultsFilesAreKnownKinds() throws {
        let report = Fixtures.hostileReport
        let written = report.json.rendered()
        let kind = try #require(report.sessions[0].findings.first?.kind.name)
        let hostile = written.replacingOccurrences(of: "\"kind\": \"\(kind)\"", with: "\"kind\": \"x\\\"><b>{}</b>\"")
        #expect(hostile != written)
        do {
            _ = try Report(json: JSONNode(JSONParser.parse(Array(hostile.utf8))))
            Issue.record("an unknown kind was read")
        } catch let error as JSONDecodingError {
            #expect(
                error.description.hasPrefix("$.sessions[0].discrepancies[0].kind: expected a replay finding kind ("))
        }
        let html = report.html()
        _ = try ParsedXML(html)
        let style = try #require(html.range(of: "</style>"))
        #expect(html[..<style.lowerBound].contains("body:has(#f0:not(:checked)) .f.k0 { display: none; }"))
    }

    /// A worst offender's link points into its session's body (which opens the collapsed
    /// `<details>`); the counts the kind filters update add up to the report's; every
    /// call's cells are labelled for the phone layout.
    @Test func linksCountsAndLabelsServeTheReader() throws {
        let report = Fixtures.corpusReport
        let html = report.html()
        let document = try ParsedXML(html)
        let ids = Dictionary(
            document.elements.compactMap { element in element.attributes["id"].map { ($0, element) } },
            uniquingKeysWith: { first, _ in first })
        let links = document.all("a").compactMap { $0.attributes["href"] }.filter { $0.hasSuffix("b") }
        #expect(links.count == report.worstOffenders(10).count)
        for link in links { #expect(ids[String(link.dropFirst())]?.attributes["class"] == "sbody", "\(link)") }

        let css = String(html[..<(try #require(html.range(of: "</style>"))).lowerBound])
        func increments(of counter: String) -> [Int] {
            css.components(separatedBy: "counter-increment: \(counter) ").dropFirst().compactMap {
                Int($0.prefix { $0.isNumber })
            }
        }
        #expect(increments(of: "cf").reduce(0, +) == report.findingCount)
        #expect(increments(of: "cs").reduce(0, +) == report.sessions.filter { !$0.findings.isEmpty }.count)
        let worst = try #require(report.worstOffenders(1).first)
        #expect(html.contains("counter-increment: cw \(Report.countsByKind(worst)[0].count)"))

        let verdicts = document.all("td").filter { $0.text == "accepted" || $0.text == "rejected" }
        #expect(!verdicts.isEmpty && verdicts.allSatisfy { $0.attributes["data-label"] == "verdict" })
        #expect(
            html.components(separatedBy: "data-label=\"field after\"").count - 1 == html.components(
                separatedBy: "data-label=\"profile\""
            ).count - 1, "a field after per profile per event")
    }

    @Test func largeRunsAreDrawnInPart() throws {
        var report = Fixtures.corpusReport
        let withFindings = report.sessions.filter { !$0.findings.isEmpty }
        report.sessions = (0..<40).flatMap { copy in
            withFindings.map { session in
                var session = session
                session.sessionID += "-\(copy)"
                return session
            }
        }
        let limits = HTMLLimits(detailedSessions: 10, listedSessions: 500, eventsPerTimeline: 3)
        let document = try ParsedXML(report.html(limits: limits))
        #expect(document.all("details").filter { $0.attributes["class"]?.hasPrefix("s ") == true }.count == 10)
        let listed = document.all("tr").filter { $0.attributes["class"]?.hasPrefix("s ") == true }
        #expect(listed.count == 500 + report.worstOffenders(10).count, "listed, and the worst offenders")
        let omitted = try #require(
            document.all("p").first { $0.attributes["class"] == "omitted" && $0.text.contains("session replays") })
        #expect(omitted.text.hasPrefix("\(report.sessions.count - 510) more session replays"))
        #expect(!document.elements.contains { $0.attributes["id"] == "s0e3" }, "three events per timeline")
    }

    /// A long field is drawn around what the event is about, the rest elided: a diagram
    /// of a 20,000-unit field has no more cells than one of 160 units, and the calls show.
    @Test func longFieldsAreDrawnInAWindow() throws {
        let long = String(repeating: "中文abc", count: 4_000)
        let session = Session(
            id: "long", ime: .zhuyin, source: .init(kind: .authored, detail: "a long field"),
            initial: FieldState(text: UTF16Text(long)),
            events: [.setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .insertText("王")])
        let report = try Fixtures.replay([session], rules: ["none"])
        let html = report.html()
        let document = try ParsedXML(html)
        // One cell per unit drawn: at most a window per diagram, two events, a diagram per profile at most.
        let unitCells = document.all("div").filter { $0.attributes["class"]?.split(separator: " ").first == "u" }
        #expect(unitCells.count <= 2 * 2 * 170, "\(unitCells.count) unit cells")
        #expect(unitCells.count >= 2 * 100)
        let elided = document.all("div").filter { $0.attributes["class"] == "o elided" }.map(\.text)
        #expect(elided.contains { $0.hasPrefix("… ") && $0.hasSuffix(" units") })
        #expect(html.contains("[{20001, 0}]"), "the iOS 26 commit range is drawn")
    }
}
