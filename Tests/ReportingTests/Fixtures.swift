import Composition
import Foundation
import FoundationXML
import Fuzzing
import Graphemes
import HarnessJSON
import HarnessTestSupport
import InputRules
import Reporting
import Testing

/// Reports of real replays and fuzz runs, and a session written to attack them.
enum Fixtures {
    static let profiles = Repository.profiles

    /// Markup, quotes, an ampersand, a right-to-left override and an emoji that a UTF-16
    /// truncation cuts in half, in the session's id and its text.
    static let hostileSession = Session(
        id: "<script>alert(\"x\")</script>\u{202E}evil", ime: .emoji,
        source: .init(kind: .authored, detail: "hostile text for the report writers"),
        initial: FieldState(text: UTF16Text("\u{202E}<i>\"&'")),
        events: [
            .insertText("😀"),
            .setMarkedText("ㄨ\u{200D}", selectedRange: .caret(at: 2)),
            .insertText("王"),
        ])

    /// `sessions` replayed under the shipped profiles with `rules`, traces kept where
    /// there are discrepancies (as `replay` does).
    static func replay(_ sessions: [Session], rules specs: [String]) throws -> Report {
        let rules = try specs.map { try RuleCatalogue.full.rule($0) }
        let replayer = try Replayer()
        var results: [SessionResult] = []
        for session in sessions {
            results += replayer.run(session, profiles: profiles, rules: rules, traces: .whenFound)
        }
        return Report(replay: results, profiles: profiles.map(\.name), rules: specs, errors: [])
    }

    /// The shipped corpus replayed with rule `none`: what `Reports/corpus.md` shows.
    static let corpusReport: Report = {
        do {
            return try replay(Repository.sessions().sessions, rules: ["none"])
        } catch {
            fatalError("the corpus must replay: \(error)")
        }
    }()

    /// The hostile session under a legacy truncation that leaves a lone surrogate.
    static let hostileReport: Report = {
        do {
            return try replay([hostileSession], rules: ["legacy-truncate-count:limit=8"])
        } catch {
            fatalError("the hostile session must replay: \(error)")
        }
    }()

    /// What a results file may name a rule, a profile or a session: a heading on a new
    /// line, backticks that would close a code span, a pipe that would end a table cell, a
    /// live `<img onerror>`, a right-to-left override.
    static let hostileName = "p|1`` `\n# Heading <img src=x onerror=alert(1)>\u{202E}z"

    /// A results file written to attack the renderers: markup in the versions, backticks,
    /// pipes, a newline and a right-to-left override in a discrepancy's kind and message,
    /// in the profile's name, the rule's and the session's. `report` reads such a file like
    /// any other.
    static let hostileResults: Report = {
        let hostile = "<script>alert(1)</script>`` `|\n\u{202E}&amp;"
        let profile = hostileName
        let finding = JSONValue.object([
            // A kind is one the reader knows (an unknown one is refused: HTMLReportTests).
            ("kind", .string("broken-text")), ("event", .int(0)), ("profiles", .array([.string(profile)])),
            ("rule", .string(hostile)), ("message", .string(hostile)), ("details", .null),
        ])
        let document = JSONValue.object([
            (
                "summary",
                .object([
                    ("unicodeVersion", .string(hostile)), ("icuVersion", .string(hostile)),
                    ("profiles", .array([.string(profile)])), ("rules", .array([.string(hostile)])),
                ])
            ),
            (
                "sessions",
                .array([
                    .object([
                        ("id", .string(hostile)), ("rule", .string(hostile)), ("events", .int(1)),
                        ("finalText", .object([(profile, .string(hostile))])), ("discrepancies", .array([finding])),
                    ])
                ])
            ),
            ("errors", .array([.object([("file", .string(hostile)), ("message", .string(hostile))])])),
        ])
        do {
            return try Report(json: JSONNode(JSONParser.parse(document.rendered())))
        } catch {
            fatalError("the hostile results must read: \(error)")
        }
    }()

    /// The results of a fuzz campaign whose rule spec is ``hostileName`` (a rule file's
    /// pattern may hold any of it): the title of every report names the rule.
    static let hostileFuzz: Report = {
        let document = JSONValue.object([
            ("rule", .string(hostileName)), ("seed", .int(0)), ("shards", .array([.string("1/1")])),
            ("iterations", .int(1)), ("seconds", .int(0)), ("properties", .array([])), ("failures", .array([])),
        ])
        do {
            return try Report(json: JSONNode(JSONParser.parse(document.rendered())), profiles: [hostileName])
        } catch {
            fatalError("the hostile fuzz results must read: \(error)")
        }
    }()

    /// A fuzzer for the rule `spec` under the shipped profiles and inventory.
    static func fuzzer(_ spec: String) throws -> Fuzzer {
        let inventory = try Inventory(fuzzingDirectory: Repository.path("Corpora/fuzzing"))
        return try Fuzzer(rule: RuleCatalogue.full.rule(spec), profiles: profiles, inventory: inventory)
    }

    /// A short fuzz campaign against a legacy rule that fails at once.
    static func fuzzResult() throws -> FuzzResult {
        try fuzzer("legacy-truncate-count:limit=6").run(seed: 0, iterations: 200, seconds: nil, shard: .all)
    }
}

/// The fixture reports, by name, for parameterised tests.
enum FixtureReport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case corpus, hostile, hostileResults, hostileFuzz

    var report: Report {
        switch self {
        case .corpus: Fixtures.corpusReport
        case .hostile: Fixtures.hostileReport
        case .hostileResults: Fixtures.hostileResults
        case .hostileFuzz: Fixtures.hostileFuzz
        }
    }

    var testDescription: String { rawValue }
}

/// An XML document as a standard parser (libxml2, through FoundationXML) reads it.
struct ParsedXML {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    /// Every element in document order, with the text directly inside it.
    var elements: [Element] = []

    /// Parses `text`; throws when the parser reports any error, even one after which it
    /// claims success (it does so for mismatched tags on Linux).
    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        if let error = collector.error ?? parser.parserError {
            throw XMLCheckError(
                message: "line \(parser.lineNumber), column \(parser.columnNumber): \(error.localizedDescription)")
        }
        guard succeeded else { throw XMLCheckError(message: "the parser stopped") }
        elements = collector.elements
    }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []
        var error: Error?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
    }
}

struct XMLCheckError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
