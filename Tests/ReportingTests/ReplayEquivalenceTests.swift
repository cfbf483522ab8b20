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

    /// The lean replay (``Replayer/leanReplay``) either declines a session or gives what the
    /// full replay gives; and it declines only what it does not model, so that most of
    /// these sessions are replayed lean under every rule that leaves them alone.
    @Test(arguments: rules)
    func theLeanReplayGivesTheFullReplaysResultOrNone(_ spec: String) throws {
        let replayer = try Replayer()
        let rule = try RuleCatalogue.full.rule(spec)
        var lean = 0
        var total = 0
        for (name, sessions) in try Self.sessions(try Fixtures.fuzzer(spec)) {
            for session in sessions {
                total += 1
                guard
                    let result = replayer.leanReplay(
                        session, profiles: Fixtures.profiles, rule: rule, limits: ReplayLimits())
                else { continue }
                lean += 1
                var full = replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)[0]
                full.traces = []
                #expect(result == full, "\(spec) \(name) \(session.id)")
            }
        }
        // Under `none` every session the lean replay models is one it completes.
        if spec == "none" { #expect(lean * 10 >= total * 6, "\(spec): lean for \(lean) of \(total) sessions") }
        print("lean replay, \(spec): \(lean) of \(total) sessions")
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
