import Foundation
import Graphemes
import HarnessJSON
import HarnessTestSupport
import Testing

@testable import Composition

/// The shipped corpus and the JSON Schema that documents its format.
@Suite struct CorpusTests {
    static let sessionsDirectory = Fixtures.repositoryRoot + "/Corpora/sessions"

    static func loadCorpus() -> (sessions: [Session], errors: [SessionError]) { Repository.sessions() }

    @Test func everyShippedSessionLoadsAndSaysWhereItsBehaviourIsDocumented() {
        let (sessions, errors) = Self.loadCorpus()
        #expect(errors.isEmpty, "\(errors)")
        #expect(sessions.count >= 30)
        #expect(Set(sessions.map(\.id)).count == sessions.count, "ids must be unique")
        for session in sessions {
            if session.source.kind == .engine {
                // The engine and its key script are the source; the detail says what was typed.
                #expect(session.source.recording != nil, "\(session.id) must name its engine and keys")
                #expect(!session.source.detail.isEmpty, "\(session.id) needs a description")
            } else {
                #expect(session.source.detail.count > 40, "\(session.id) needs a source.detail")
            }
            #expect(session.expectedText != nil, "\(session.id) should state its expected text")
        }
        let families = Set(sessions.map(\.ime))
        for family in [InputMethodFamily.pinyin, .zhuyin, .kana, .hangul, .emoji, .latin, .dictation] {
            #expect(families.contains(family))
        }
    }

    @Test func everyShippedSessionEndsWithItsExpectedTextWithoutARule() throws {
        let replayer = try Replayer()
        for session in Self.loadCorpus().sessions {
            let results = replayer.run(
                session, profiles: [Fixtures.ios18, Fixtures.ios26], rules: [AcceptEverything()])
            let kinds = Set(results[0].findings.map(\.kind))
            #expect(!kinds.contains(.expectedTextMismatch), "\(session.id): \(results[0].findings.map(\.message))")
            #expect(!kinds.contains(.observedMismatch), "\(session.id)")
            #expect(!kinds.contains(.brokenText), "\(session.id)")
        }
    }

    /// The schema lists exactly the ops, members and enumerations the decoder knows.
    @Test func theSchemaMatchesTheDecoder() throws {
        let path = Fixtures.repositoryRoot + "/Corpora/ime-session.schema.json"
        let schema = JSONNode(try JSONParser.parse(try #require(FileManager.default.contents(atPath: path))))
        func strings(_ node: JSONNode) throws -> [String] { try node.elements().map { try $0.string() } }
        let properties = try schema.member("properties")
        #expect(try strings(properties.member("ime").member("enum")) == InputMethodFamily.allCases.map(\.rawValue))
        #expect(
            try strings(properties.member("source").member("properties").member("kind").member("enum"))
                == Session.Source.Kind.allCases.map(\.rawValue))
        #expect(try properties.member("format").member("const").string() == Session.format)
        var schemaOps: [String: [String]] = [:]
        for event in try schema.member("$defs").member("event").member("oneOf").elements() {
            let op = try event.member("properties").member("op").member("const").string()
            schemaOps[op] = try strings(event.member("required"))
        }
        #expect(schemaOps.keys.sorted() == SessionEvent.Op.allCases.map(\.rawValue).sorted())
        for op in SessionEvent.Op.allCases {
            #expect(schemaOps[op.rawValue] == ["op"] + op.requiredMembers, "\(op.rawValue)")
        }
        let topLevel = try properties.members().map(\.0).sorted()
        #expect(
            topLevel == [
                "events", "expect", "format", "id", "ime", "initial", "keyboard", "locale", "observed",
                "secureTextEntry",
                "source",
            ])
        #expect(
            try strings(properties.member("keyboard").member("properties").member("type").member("enum"))
                == KeyboardType.allCases.map(\.rawValue))
    }
}
