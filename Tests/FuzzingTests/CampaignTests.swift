import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import InputRules
import Testing

@Suite struct CampaignTests {
    static let legacy = Fuzzer.documentedFailures

    @Test(arguments: legacy.map(\.spec))
    func findsEachLegacyRulesFailureInAFewHundredSessions(_ spec: String) throws {
        let property = try #require(Self.legacy.first { $0.spec == spec }?.property)
        // From one of three seeds: a rule whose bug needs a near-limit text (iOS 26
        // counting marked digits twice) can take longer than 400 sessions from one seed.
        let results = try (0...2).map { seed in try Fixtures.fuzzer(spec).run(seed: seed, iterations: 400, seconds: nil)
        }
        let failure = try #require(
            results.lazy.compactMap { $0.failures.first { $0.property == property } }.first,
            "\(results.map { $0.failures.map(\.property) })")
        #expect(failure.session.events.count <= 6, "\(failure.session.events)")
        // The minimised session is a valid ime-session/1 document that still fails.
        let decoded = try Session(json: JSONNode(JSONParser.parse(failure.session.json.rendered())))
        #expect(
            try Fixtures.fuzzer(spec).failures(
                decoded.events, traits: .init(ime: decoded.ime, secure: decoded.secureTextEntry)
            ).contains { $0.property == property })
    }

    @Test(arguments: [
        "max-length:limit=20,unit=graphemes,enforcement=after-composition", "max-length:limit=4,unit=utf16",
        "max-length:limit=3,unit=scalars", "emoji-only", "deny:classes=han+emoji",
        "allow:classes=digit-ascii+letter-latin",
        "decimal", "decimal:separator=,", "regex:pattern=[a-z ,]*",
    ])
    func findsNothingInTheCorrectRules(_ spec: String) throws {
        let result = try Fixtures.fuzzer(spec).run(seed: 7, iterations: 300, seconds: nil)
        #expect(result.failures.isEmpty, "\(result.failures.map { ($0.property, $0.session.events) })")
    }

    /// Indexes the field's last grapheme cluster by its UTF-16 length: traps on any field
    /// whose last cluster is longer than one unit (an emoji, a surrogate pair).
    struct IndexesByUnits: InputRule {
        var spec: String { "test-indexes-by-units" }
        func editingChanged(_ change: FieldChange) -> TextAssignment? {
            let text = String(decoding: change.after.text.units, as: UTF16.self)
            let characters = Array(text)
            _ = characters[change.after.text.length - 1]
            return nil
        }
    }

    /// A trap is a failure like any other: found, minimised to a few events, and the run
    /// goes on.
    @Test func aTrappingRuleIsFoundAndShrunk() throws {
        let fuzzer = try Fuzzer(rule: IndexesByUnits(), profiles: Fixtures.profiles, inventory: Fixtures.inventory)
        let result = fuzzer.run(seed: 0, iterations: 300, seconds: nil)
        let failure = try #require(result.failures.first { $0.property == .ruleCrashed })
        #expect(failure.session.events.count <= 6, "\(failure.session.events)")
        #expect(failure.detail.message.contains("Index out of range"), "\(failure.detail.message)")
        #expect(result.iterations == 300)
    }

    /// A counterexample says what it is of as values (`source.counterexample`), which the
    /// session format carries through JSON and the fuzzer reads back, whatever the words of
    /// its `detail` say; one saved by 0.2, with the words alone, is read from them.
    @Test func aCounterexampleSaysWhatItIsOfAsValues() throws {
        let spec = "legacy-truncate-count:limit=6"
        let fuzzer = try Fixtures.fuzzer(spec)
        let failure = try #require(fuzzer.run(seed: 42, iterations: 150, seconds: nil).failures.first)
        let example = try #require(failure.session.source.counterexample)
        #expect(example.property == failure.property.rawValue && example.rule == spec)
        #expect(example.seed == 42 && example.iteration == failure.iteration)
        #expect(example.originalEvents == failure.originalEvents && example.profile == failure.detail.profile)
        var session = try Session(json: JSONNode(JSONParser.parse(failure.session.json.rendered())))
        #expect(session == failure.session)
        session.source.detail = "edited by hand"
        let read = try #require(Fuzzer.counterexample(from: session))
        #expect(read.property == failure.property && read.rule == spec && read.iteration == failure.iteration)
        // Saved by 0.2: the words alone.
        session.source.counterexample = nil
        session.source.detail = failure.session.source.detail
        let old = try #require(Fuzzer.counterexample(from: session))
        #expect(old.property == failure.property && old.rule == spec && old.iteration == failure.iteration)
        // Only a fuzzer's session may say it is a counterexample.
        var authored = failure.session
        authored.source.kind = .authored
        #expect(throws: JSONDecodingError.self) {
            try Session(json: JSONNode(JSONParser.parse(authored.json.rendered())))
        }
    }

    @Test func theSameSeedGivesByteIdenticalFailures() throws {
        let spec = "legacy-truncate-count:limit=6"
        let first = try Fixtures.fuzzer(spec).run(seed: 42, iterations: 150, seconds: nil)
        let second = try Fixtures.fuzzer(spec).run(seed: 42, iterations: 150, seconds: nil)
        #expect(!first.failures.isEmpty)
        #expect(first.failuresJSON.rendered() == second.failuresJSON.rendered())
        let other = try Fixtures.fuzzer(spec).run(seed: 43, iterations: 150, seconds: nil)
        #expect(other.failuresJSON.rendered() != first.failuresJSON.rendered())
    }

    @Test func twoShardsCoverExactlyWhatOneCovers() throws {
        let spec = "legacy-marked-guard-limit:limit=6"
        let whole = try Fixtures.fuzzer(spec).run(seed: 3, iterations: 120, seconds: nil)
        let first = try Fixtures.fuzzer(spec).run(seed: 3, iterations: 120, seconds: nil, shard: Shard(1, of: 2))
        let second = try Fixtures.fuzzer(spec).run(seed: 3, iterations: 120, seconds: nil, shard: Shard(2, of: 2))
        #expect(first.iterations + second.iterations == whole.iterations)
        let merged = try FuzzResult.merging([second, first])
        #expect(merged.failuresJSON.rendered() == whole.failuresJSON.rendered())
        #expect(merged.shards.map(\.description) == ["1/2", "2/2"])
        // And through JSON, as `ime-harness merge` reads shard results.
        let reread = try [first, second].map { result in
            try FuzzResult(json: JSONNode(JSONParser.parse(result.json.rendered())))
        }
        #expect(try FuzzResult.merging(reread).failuresJSON.rendered() == whole.failuresJSON.rendered())
        #expect(throws: MergeError.self) { try FuzzResult.merging([first, first]) }
    }

    /// Three shards of a rule that fails nearly every session: each shard examines its own
    /// first failing sessions, and the merge keeps exactly the distinct failures one run
    /// keeps, though the examined window ends at a different iteration in each shard.
    @Test func shardsOfAnEverywhereFailingRuleMergeToTheWholeRun() throws {
        let spec = "legacy-truncate-count:limit=6"
        let whole = try Fixtures.fuzzer(spec).run(seed: 5, iterations: 240, seconds: nil)
        #expect(whole.examined[.brokenText]?.count == Fuzzer.examinedPerProperty)
        let shards = try (1...3).map { index in
            try Fixtures.fuzzer(spec).run(seed: 5, iterations: 240, seconds: nil, shard: Shard(index, of: 3))
        }
        let merged = try FuzzResult.merging(shards.reversed())
        #expect(merged.failuresJSON.rendered() == whole.failuresJSON.rendered())
        #expect(merged.examined == whole.examined)
    }

    /// One failure does not hide another: the count limiter's documented failure (a nearly
    /// full field refusing the commit of a marked digit, counted twice under iOS 26) is kept,
    /// and each distinct failure beside it has its own iteration, minimised session and
    /// shape. (A composition of letters refused over a selection, kept here before, is no
    /// failure of a digits field: the contract keeps letters out.)
    @Test func distinctFailuresOfOnePropertyAreAllKept() throws {
        let result = try Fixtures.fuzzer("legacy-count-limit:limit=20").run(seed: 0, iterations: 800, seconds: nil)
        let lost = result.failures.filter { $0.property == .typedTextLost }
        #expect(lost.count >= 1 && lost.count <= Fuzzer.keptPerProperty, "\(lost.map(\.shape))")
        #expect(Set(lost.map(\.shape)).count == lost.count)
        #expect(lost.map(\.iteration) == lost.map(\.iteration).sorted())
        #expect(Set(lost.map(\.session.id)).count == lost.count, "each failure saves to its own file")
        #expect(lost.contains { $0.detail.profile == "ios26-multi" && $0.detail.message.hasPrefix("insertText") })
        #expect(!lost.contains { $0.detail.message.hasPrefix("setMarkedText") })
    }

    /// For `disallowed-class` the class that got in tells bugs apart; for the other
    /// properties which text the rule refused or rewrote does not.
    @Test(arguments: [
        // Different letters, digits or emoji, marks on them: one root cause.
        ("a", "b", true), ("🌬️", "🏋🏾", true), ("٣", "１", true), ("a", "a\u{301}", true),
        // Han is not a letter, an emoji not a digit.
        ("a", "中", false), ("7", "🌬️", false),
    ])
    func disallowedClassesKeepWhatKindOfTextGotIn(_ first: String, _ second: String, _ same: Bool) throws {
        let rule = try RuleCatalogue.full.rule("legacy-lxd-number")
        func cause(_ text: String, _ property: FuzzProperty, profile: String = "ios26-multi") throws -> String {
            let session = Session(
                id: "c", ime: .other, source: .init(kind: .fuzz, detail: "test"), initial: FieldState(text: "1"),
                events: [.insertText(UTF16Text(text))])
            let traces = try Replayer().run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)[0].traces
            return Fuzzer.rootCause(
                of: PropertyFailure(property: property, event: 0, profile: profile, message: "any words"),
                traces: traces)
        }
        let (a, b) = (try cause(first, .disallowedClass), try cause(second, .disallowedClass))
        #expect((a == b) == same, "\(a) / \(b)")
        #expect(try a == cause(first, .disallowedClass, profile: "ios18-single"), "one bug under both profiles")
        #expect(try cause("a", .disallowedClass) == "disallowed-class at an edit: rewrote [letter]")
        #expect(try cause(first, .typedTextLost) == cause(second, .typedTextLost))
        #expect(try cause("中", .typedTextLost) == "typed-text-lost at an edit: rewrote")
    }

    @Test func generatedSessionsAreValidAndPlausible() throws {
        let fuzzer = try Fixtures.fuzzer("none")
        for iteration in 0..<300 {
            let events = fuzzer.events(seed: 11, iteration: iteration)
            let session = Session(
                id: "g", ime: .other, source: .init(kind: .fuzz, detail: "test"), initial: FieldState(text: .empty),
                events: events)
            let decoded = try Session(json: JSONNode(JSONParser.parse(session.json.rendered())))
            #expect(decoded.events == events)
            #expect(Fuzzer.isPlausible(events), "iteration \(iteration)")
        }
    }
}
