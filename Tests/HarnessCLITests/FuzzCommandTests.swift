import Composition
import Foundation
import HarnessJSON
import HarnessTestSupport
import InputRules
import Testing

@testable import HarnessCLI

@Suite struct FuzzCommandTests {
    static let root = ReplayCommandTests.root

    func fuzz(_ arguments: [String]) -> CLIResult {
        CLI.run(
            ["fuzz"] + arguments + [
                "--profiles", Self.root + "/Corpora/profiles", "--inventory", Self.root + "/Corpora/fuzzing",
            ])
    }

    @Test func printsTheDocumentedJSONAndSavesEachCounterexample() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = fuzz(["--rule", "legacy-lxd-emoji", "--iterations", "40", "--format", "json", "--save", directory])
        #expect(result.exitCode == 1)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["rule"] as? String == "legacy-lxd-emoji")
        #expect(json["seed"] as? Int == 0)
        #expect(json["iterations"] as? Int == 40)
        #expect(json["seconds"] is Double || json["seconds"] is Int)
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(!failures.isEmpty)
        for failure in failures {
            #expect(failure["property"] is String && failure["original_events"] is Int)
            let session = try #require(failure["session"] as? [String: Any])
            let source = try #require(session["source"] as? [String: Any])
            #expect(source["kind"] as? String == "fuzz")
            let id = try #require(session["id"] as? String)
            #expect(FileManager.default.fileExists(atPath: directory + "/" + id + ".json"))
        }
        // The saved files replay like any session.
        let replay = CLI.run(["replay", "--profiles", Self.root + "/Corpora/profiles", directory])
        #expect(replay.exitCode != 2, "\(replay.standardError)")
    }

    @Test func mergesShardResults() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--rule", "legacy-truncate-count:limit=6", "--iterations", "60", "--format", "json"]
        let whole = fuzz(arguments)
        for shard in ["1/2", "2/2"] {
            let result = fuzz(arguments + ["--shard", shard])
            try Data(result.standardOutput.utf8).write(
                to: URL(fileURLWithPath: directory + "/\(shard.prefix(1)).json"))
        }
        let merged = CLI.run(["merge", directory + "/1.json", directory + "/2.json"])
        #expect(merged.exitCode == 1)
        // The harness's own parser: traces may hold lone surrogates, which JSONSerialization refuses.
        func failures(_ text: String) throws -> String {
            try #require(JSONParser.parse(text)["failures"]).rendered()
        }
        #expect(try failures(merged.standardOutput) == failures(whole.standardOutput))
    }

    @Test(arguments: [
        (["--iterations", "5"], "ime-harness: fuzz: missing --rule SPEC (see 'ime-harness fuzz --help')\n"),
        (
            ["--rule", "none", "--iterations", "5", "--seconds", "1"],
            "ime-harness: fuzz: --iterations and --seconds cannot be used together\n"
        ),
        (
            ["--rule", "none", "--shard", "3/2"],
            "ime-harness: option '--shard': '3/2' is not valid (expected I/N with 1 <= I <= N)\n"
        ),
        (
            ["--rule", "none", "--seed", "-1"],
            "ime-harness: option '--seed': '-1' is not valid (expected a whole number from 0)\n"
        ),
        (
            ["--rule", "nonesuch:x=1"],
            "ime-harness: unknown rule 'nonesuch' (known: allow, decimal, deny, emoji-only, legacy-count-limit, legacy-input-filter, legacy-lxd-character, legacy-lxd-decimal, legacy-lxd-emoji, legacy-lxd-no-emoji, legacy-lxd-number, legacy-marked-guard-limit, legacy-numeric-field, legacy-truncate-count, legacy-truncate-marked-aware, max-length, none, regex)\n"
        ),
    ])
    func rejectsBadArgumentsWithOneLine(_ arguments: [String], _ message: String) {
        let result = fuzz(arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardError == message)
    }

    @Test func aCleanRuleExitsZero() {
        let result = fuzz(["--rule", "emoji-only", "--iterations", "50"])
        #expect(result.exitCode == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("no property failed"))
    }
}
