import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessTestSupport
import InputRules
import Testing

@testable import Reporting

/// Replay and fuzzing give, byte for byte, what they gave before the replay step was made
/// to allocate nothing (issue 20): for every shipped rule file, the fuzz results of three
/// seeds and the traced replays of generated and recorded sessions under every shipped
/// profile, digested.
///
/// The digests in `Golden/equivalence/` were recorded at f9fee99, the last commit with
/// the old replay step. A difference means the replay changed what it finds or traces:
/// if that is deliberate, record them again with `RECORD_SNAPSHOTS=1` and say why in the
/// commit; the failure names the rule and the part, and writes that part's JSON to the
/// temporary directory for a diff against the same part written by the older commit.
@Suite struct ReplayEquivalenceTests {
    static let rules: [String] = {
        do {
            return try RuleFile.files(in: Repository.path("Corpora/rules")).map { path in
                try RuleFile(path: path).spec.description
            }
        } catch {
            fatalError("the shipped rule files must load: \(error)")
        }
    }()

    /// Each part of one rule's results, rendered as JSON.
    static func parts(of spec: String) throws -> [(String, String)] {
        let fuzzer = try Fixtures.fuzzer(spec)
        var parts: [(String, String)] = []
        for seed: UInt64 in 0..<3 {
            let result = fuzzer.run(seed: seed, iterations: 150, seconds: nil)
            let examined = FuzzProperty.allCases.map { "\($0.rawValue): \(result.examined[$0] ?? [])" }
            parts.append(
                ("fuzz seed \(seed)", "\(result.iterations) \(examined)\n" + result.failuresJSON.rendered()))
        }
        let replayer = try Replayer()
        let rule = try RuleCatalogue.full.rule(spec)
        for (name, sessions) in try sessions(fuzzer) {
            let results = sessions.flatMap { session in
                replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)
            }
            let report = Report(
                replay: results, profiles: Fixtures.profiles.map(\.name), rules: [spec], errors: [])
            parts.append((name, report.json.rendered()))
        }
        return parts
    }

    /// Sessions generated for the rule's fuzzer, and the recorded corpus.
    static func sessions(_ fuzzer: Fuzzer) throws -> [(String, [Session])] {
        let generated = (0..<60).map { iteration in
            Session(
                id: "generated-\(iteration)", ime: .other, source: .init(kind: .fuzz, detail: ""),
                initial: FieldState(text: .empty), events: fuzzer.events(seed: 7, iteration: iteration))
        }
        return [("generated replay", generated), ("corpus replay", try Repository.sessions().sessions)]
    }

    /// A replay that keeps no traces builds no step whole and checks each call as it is
    /// made; it must find exactly what a traced replay finds.
    @Test(arguments: rules)
    func replayWithoutTracesFindsWhatATracedReplayFinds(_ spec: String) throws {
        let replayer = try Replayer()
        let rule = try RuleCatalogue.full.rule(spec)
        for (name, sessions) in try Self.sessions(try Fixtures.fuzzer(spec)) {
            for session in sessions {
                let traced = replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)
                let untraced = replayer.run(session, profiles: Fixtures.profiles, rules: [rule])
                #expect(untraced.count == 1 && traced.count == 1)
                var stripped = traced[0]
                stripped.traces = []
                #expect(!traced[0].traces.isEmpty, "\(name) \(session.id)")
                #expect(untraced[0] == stripped, "\(spec) \(name) \(session.id)")
            }
        }
    }

    /// Replays each generated and recorded session (``sessions(_:)``, generated for `spec`'s
    /// fuzzer) lean and, where the lean replay gives a result, in full; hands `compare`
    /// the session's name and both results (the full one without its traces), calling
    /// `afterLean` between the two replays. Returns how many sessions of how many the lean
    /// replay gave a result for.
    static func replayLeanAndFull(
        _ rule: any InputRule, sessionsFor spec: String, afterLean: () -> Void = {},
        compare: (_ name: String, _ lean: SessionResult, _ full: SessionResult) -> Void
    ) throws -> (lean: Int, total: Int) {
        let replayer = try Replayer()
        var lean = 0
        var total = 0
        for (name, sessions) in try sessions(try Fixtures.fuzzer(spec)) {
            for session in sessions {
                total += 1
                guard
                    let result = replayer.leanReplay(
                        session, profiles: Fixtures.profiles, rule: rule, limits: ReplayLimits())
                else { continue }
                lean += 1
                afterLean()
                var full = replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)[0]
                full.traces = []
                compare("\(name) \(session.id)", result, full)
            }
        }
        return (lean, total)
    }

    /// The lean replay (``Replayer/leanReplay``) either declines a session or gives what the
    /// full replay gives; and it declines only what it does not start (undo, a profile's
    /// own presentation), so that most of these sessions are replayed lean under every rule.
    @Test(arguments: rules)
    func theLeanReplayGivesTheFullReplaysResultOrNone(_ spec: String) throws {
        let (lean, total) = try Self.replayLeanAndFull(try RuleCatalogue.full.rule(spec), sessionsFor: spec) {
            name, lean, full in
            #expect(lean == full, "\(spec) \(name)")
        }
        #expect(lean * 10 >= total * 8, "\(spec): lean for \(lean) of \(total) sessions")
        print("lean replay, \(spec): \(lean) of \(total) sessions")
    }

    /// The fuzzer checks the steps a lean replay builds none for as plain steps: it must
    /// find, message for message, what it finds checking every step of a full replay.
    @Test(arguments: rules)
    func fuzzingFindsWithTheLeanReplayWhatItFindsWithTheFullOne(_ spec: String) throws {
        let fuzzer = try Fixtures.fuzzer(spec)
        for iteration in 0..<150 {
            let events = fuzzer.events(seed: 11, iteration: iteration)
            let traits = fuzzer.traits(seed: 11, iteration: iteration)
            #expect(
                fuzzer.failures(events, traits: traits) == fuzzer.failures(events, traits: traits, lean: false),
                "\(spec) iteration \(iteration)")
        }
    }

    /// A rule whose every answer depends on every question it was asked before: a refusal
    /// every fifth call, an assignment during every seventh, one after every sixth change.
    /// Asked a question twice (the lean replay's and again the full replay's, when the
    /// lean replay hands a step over), or one question fewer, it answers differently from
    /// then on. Each instance that replay makes (``onDevice(region:)``) keeps its log.
    final class HistoryRule: InputRule, @unchecked Sendable {
        final class Instances: @unchecked Sendable {
            var made: [HistoryRule] = []
        }

        let instances: Instances
        var log: [String] = []

        init(instances: Instances) {
            self.instances = instances
        }

        var spec: String { "history" }

        func shouldChange(_ request: ChangeRequest) -> Bool {
            log.append("should \(request.field) \(request.call) \(request.profile)")
            return log.count % 5 != 3
        }

        func assignment(during request: ChangeRequest) -> TextAssignment? {
            log.append("during \(request.call)")
            return log.count % 7 == 4 ? TextAssignment(request.field.text) : nil
        }

        func editingChanged(_ change: FieldChange) -> TextAssignment? {
            log.append("changed \(change.before) \(change.after)")
            guard log.count % 6 == 1, let last = change.after.text.clusters.last else { return nil }
            return TextAssignment(change.after.text[UTF16Range(location: 0, length: last.range.location)])
        }

        func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse {
            log.append("editing \(moment) \(field)")
            return EditingResponse()
        }

        func onDevice(region: String?) -> any InputRule {
            let rule = HistoryRule(instances: instances)
            instances.made.append(rule)
            return rule
        }
    }

    /// When the lean replay hands a session over to the full replay, the rule is asked
    /// exactly what a full replay from the start asks it, in the same order, and the
    /// result is the full replay's.
    @Test func aStatefulRuleIsAskedWhatTheFullReplayAsksWhenTheLeanReplayHandsOver() throws {
        let instances = HistoryRule.Instances()
        var leanLog: [String] = []
        let (lean, total) = try Self.replayLeanAndFull(
            HistoryRule(instances: instances), sessionsFor: "none",
            afterLean: { leanLog = instances.made.last?.log ?? [] },
            compare: { name, lean, full in
                #expect(lean == full, "\(name)")
                #expect(leanLog == instances.made.last?.log, "\(name)")
            })
        #expect(lean * 10 >= total * 8, "lean for \(lean) of \(total) sessions")
    }

    /// Refuses every edit that inserts an "x" (a `shouldChange` filter).
    struct RefusesX: InputRule {
        var spec: String { "refuses-x" }
        func shouldChange(_ request: ChangeRequest) -> Bool { !request.call.replacement.units.contains(0x78) }
    }

    /// UIKit registers a refused edit with the undo manager once: a lean replay that hands
    /// the refused step over must not register it as well, or a second undo finds it again.
    @Test func aRefusedEditIsRegisteredForUndoOnceWhenTheLeanReplayHandsItOver() throws {
        let replayer = try Replayer()
        let session = Session(
            id: "undo-after-refusal", ime: .other, source: .init(kind: .fuzz, detail: ""),
            initial: FieldState(text: .empty),
            events: [
                .insertText("a"), .insertText("b"), .insertText("x"), .insertText("c"), .undo, .undo, .undo, .redo,
                .undo, .undo,
            ])
        let lean = try #require(
            replayer.leanReplay(session, profiles: Fixtures.profiles, rule: RefusesX(), limits: ReplayLimits()))
        var full = replayer.run(session, profiles: Fixtures.profiles, rules: [RefusesX()], traces: .all)[0]
        full.traces = []
        #expect(lean == full)
    }

    /// FNV-1a, 64 bits, in hexadecimal: enough to tell outputs apart, stable everywhere.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The digests of one rule's parts, one `"rule | part": "digest"` line each.
    static func goldenPath(_ spec: String) -> String {
        Repository.path(
            "Tests/ReportingTests/Golden/equivalence/" + String(spec.map { $0.isLetter || $0.isNumber ? $0 : "-" })
                + ".txt")
    }

    @Test(arguments: rules)
    func replayAndFuzzingAreByteIdenticalToTheRecordedDigests(_ spec: String) throws {
        let parts = try Self.parts(of: spec)
        let digests = parts.map { part, output in ("\(spec) | \(part)", Self.digest(output)) }
        let rendered = digests.map { "\($0.0): \($0.1)\n" }.joined()
        let path = Self.goldenPath(spec)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try rendered.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try #require(
            try? String(contentsOfFile: path, encoding: .utf8), "no \(path): record it with RECORD_SNAPSHOTS=1")
        guard recorded != rendered else { return }
        let expected = Dictionary(
            recorded.split(separator: "\n").map { line in
                let cut = line.lastIndex(of: " ") ?? line.endIndex
                return (String(line[..<cut].dropLast()), String(line[cut...].dropFirst()))
            }, uniquingKeysWith: { first, _ in first })
        for ((key, digest), (_, output)) in zip(digests, parts) where expected[key] != digest {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "equivalence-" + String(key.map { $0.isLetter || $0.isNumber ? $0 : "-" }) + ".json")
            try? output.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("\(key): digest \(digest), recorded \(expected[key] ?? "none"); the output is in \(file.path)")
        }
    }
}
