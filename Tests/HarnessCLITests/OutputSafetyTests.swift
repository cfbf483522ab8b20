import Foundation
import HarnessTestSupport
import Reporting
import Testing

@testable import HarnessCLI

/// No option that writes (`--output`, `--write-baseline`, `--save`) writes over a file the
/// run reads, whatever kind of input it is and however it was named (a directory walked,
/// the default directories), and no file name made from input leaves its directory.
@Suite struct OutputSafetyTests {
    /// A scratch copy of every kind of input, so that a failure cannot touch the checkout.
    final class Inputs {
        let root: String
        var sessions: String { root + "/sessions" }
        var session: String { sessions + "/wang.json" }
        var lines: String { root + "/lines.jsonl" }
        var rules: String { root + "/rules" }
        var rule: String { rules + "/limit.json" }
        var profiles: String { root + "/profiles" }
        var profile: String { profiles + "/ios18-single.json" }
        var keyboardSessions: String { root + "/keyboard-sessions" }
        var keyboardSession: String { keyboardSessions + "/pad.json" }
        var keyboardProfiles: String { root + "/keyboard-profiles" }
        var keyboardProfile: String { keyboardProfiles + "/iphone-show-repeats.json" }
        var inventory: String { root + "/fuzzing" }
        var inventoryFile: String { inventory + "/pinyin.tsv" }
        var baseline: String { root + "/baseline.json" }
        var results: String { root + "/results.json" }
        var shards: [String] { [root + "/shard-1.json", root + "/shard-2.json"] }
        var database: String { root + "/database" }
        var saved: String { database + "/saved.json" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-safety-\(UUID())").path
            let manager = FileManager.default
            for directory in [sessions, rules, keyboardSessions, database] {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            func copy(_ corpus: String, to path: String) throws {
                try manager.copyItem(atPath: Repository.path("Corpora/" + corpus), toPath: path)
            }
            try copy("profiles", to: profiles)
            try copy("keyboard-profiles", to: keyboardProfiles)
            try copy("fuzzing", to: inventory)
            try manager.copyItem(
                atPath: Repository.path("Corpora/keyboard-sessions/pad-floating-keyboard-pinned.json"),
                toPath: keyboardSession)
            let wang =
                #"{"format":"ime-session/1","id":"wang","ime":"zhuyin","source":{"kind":"authored","detail":"x"},"#
                + #""initial":{"text":""},"events":[{"op":"setMarkedText","text":"ㄨ","selectedRange":[1,0]},"#
                + #"{"op":"insertText","text":"王"}]}"#
            try wang.write(toFile: session, atomically: true, encoding: .utf8)
            try wang.replacingOccurrences(of: "\"wang\"", with: "\"wang2\"").write(
                toFile: lines, atomically: true, encoding: .utf8)
            try #"{"format":"ime-rule/1","rule":"max-length","parameters":{"limit":"3"}}"#.write(
                toFile: rule, atomically: true, encoding: .utf8)
            try #"{"format":"ime-baseline/1","findings":[]}"#.write(toFile: baseline, atomically: true, encoding: .utf8)
            try #"{"format":"ime-session/1"}"#.write(toFile: saved, atomically: true, encoding: .utf8)
            let replay = CLI.run(["replay", "--profiles", profiles, session, "--format", "json", "--output", results])
            guard replay.exitCode == 0 else { throw Failure(message: replay.standardError) }
            for (index, shard) in shards.enumerated() {
                let fuzz = CLI.run([
                    "fuzz", "--rule", "none", "--iterations", "4", "--shard", "\(index + 1)/2", "--profiles", profiles,
                    "--inventory", inventory, "--format", "json", "--output", shard,
                ])
                guard fuzz.exitCode == 0 else { throw Failure(message: fuzz.standardError) }
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        struct Failure: Error {
            var message: String
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The arguments, and the input they must not write over.
        var arguments: @Sendable (Inputs) -> (arguments: [String], target: String)
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "replay --output over a session of a directory it walks") {
            (["replay", "--profiles", $0.profiles, $0.sessions, "--output", $0.session], $0.session)
        },
        Case(name: "replay --output over a .jsonl it reads") {
            (["replay", "--profiles", $0.profiles, $0.lines, "--output", $0.lines], $0.lines)
        },
        Case(name: "replay --output over a rule file of a rule directory") {
            (["replay", "--profiles", $0.profiles, "--rule", $0.rules, $0.session, "--output", $0.rule], $0.rule)
        },
        Case(name: "replay --output over a profile of --profiles") {
            (["replay", "--profiles", $0.profiles, $0.session, "--output", $0.profile], $0.profile)
        },
        Case(name: "replay --output over its --baseline") {
            (
                ["replay", "--profiles", $0.profiles, $0.session, "--baseline", $0.baseline, "--output", $0.baseline],
                $0.baseline
            )
        },
        Case(name: "replay --write-baseline over a session") {
            (["replay", "--profiles", $0.profiles, $0.sessions, "--write-baseline", $0.session], $0.session)
        },
        Case(name: "replay --write-baseline over a profile") {
            (["replay", "--profiles", $0.profiles, $0.session, "--write-baseline", $0.profile], $0.profile)
        },
        Case(name: "replay --write-baseline over its --baseline") {
            (
                [
                    "replay", "--profiles", $0.profiles, $0.session, "--baseline", $0.baseline, "--write-baseline",
                    $0.root + "/../" + URL(fileURLWithPath: $0.root).lastPathComponent + "/baseline.json",
                ], $0.baseline
            )
        },
        Case(name: "report --output over its results") {
            (["report", $0.results, "--output", $0.results], $0.results)
        },
        Case(name: "merge --output over a part") {
            (["merge"] + $0.shards + ["--output", $0.shards[1]], $0.shards[1])
        },
        Case(name: "fuzz --output over a profile") {
            (
                ["fuzz", "--rule", "none", "--iterations", "2", "--profiles", $0.profiles, "--output", $0.profile],
                $0.profile
            )
        },
        Case(name: "fuzz --output over an inventory file") {
            (
                [
                    "fuzz", "--rule", "none", "--iterations", "2", "--profiles", $0.profiles, "--inventory",
                    $0.inventory, "--output", $0.inventoryFile,
                ], $0.inventoryFile
            )
        },
        Case(name: "fuzz --output over its rule file") {
            (
                ["fuzz", "--rule", $0.rule, "--iterations", "2", "--profiles", $0.profiles, "--output", $0.rule],
                $0.rule
            )
        },
        Case(name: "fuzz --output over its --save database") {
            (
                [
                    "fuzz", "--rule", "none", "--iterations", "2", "--profiles", $0.profiles, "--save", $0.database,
                    "--output", $0.saved,
                ], $0.saved
            )
        },
        Case(name: "keyboard --output over a keyboard session") {
            (
                [
                    "keyboard", "--keyboard-profiles", $0.keyboardProfiles, $0.keyboardSessions, "--output",
                    $0.keyboardSession,
                ], $0.keyboardSession
            )
        },
        Case(name: "keyboard --output over a keyboard profile") {
            (
                [
                    "keyboard", "--keyboard-profiles", $0.keyboardProfiles, $0.keyboardSession, "--output",
                    $0.keyboardProfile,
                ], $0.keyboardProfile
            )
        },
        Case(name: "keyboard-fuzz --output over a keyboard profile") {
            (
                [
                    "keyboard-fuzz", "--handler", "documented-overlap", "--iterations", "2", "--keyboard-profiles",
                    $0.keyboardProfiles, "--output", $0.keyboardProfile,
                ], $0.keyboardProfile
            )
        },
    ]

    @Test(arguments: cases) func refusesToWriteOverAnInput(_ testCase: Case) throws {
        let inputs = try Inputs()
        let (arguments, target) = testCase.arguments(inputs)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let result = CLI.run(arguments)
        #expect(result.exitCode == 2, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("is an input of this run"), "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
    }

    @Test func theBaselineAndTheReportCannotBeOneFile() throws {
        let inputs = try Inputs()
        let path = inputs.root + "/both.json"
        let result = CLI.run([
            "replay", "--profiles", inputs.profiles, inputs.session, "--write-baseline", path, "--output", path,
        ])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("cannot be used together"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A keyboard profile named to climb out of `--save DIR` (and with a newline and a
    /// right-to-left override) has its counterexamples saved inside DIR, under safe names.
    @Test func savedNamesStayInsideTheirDirectory() throws {
        let inputs = try Inputs()
        let data = try Data(contentsOf: URL(fileURLWithPath: inputs.keyboardProfile))
        var profile = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        profile["name"] = "/../../outside\n\u{202E}x"
        let hostile = inputs.root + "/hostile.json"
        try JSONSerialization.data(withJSONObject: profile).write(to: URL(fileURLWithPath: hostile))
        let save = inputs.root + "/a/b/save"
        let result = CLI.run([
            "keyboard-fuzz", "--handler", "seed-000-window", "--profile", hostile, "--keyboard-profiles",
            inputs.keyboardProfiles, "--iterations", "300", "--save", save, "--format", "json",
        ])
        #expect(result.exitCode == 1, "\(result.standardError)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: save)
        #expect(!saved.isEmpty)
        for name in saved {
            #expect(name.hasSuffix(".json") && !name.hasPrefix("."))
            #expect(name.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control && $0 != "\u{202E}" })
        }
        let outside = try FileManager.default.contentsOfDirectory(atPath: inputs.root + "/a")
        #expect(outside == ["b"])
    }

    @Test(arguments: [
        ("fuzz-max-length-limit-6-broken-text-s0-i3", "fuzz-max-length-limit-6-broken-text-s0-i3.json"),
        ("/../../outside", "outside.json"),
        ("..", "unnamed.json"),
        ("a\nb\u{202E}c", "a_b_c.json"),
        ("中文 emoji 👍", "中文_emoji.json"),
        (".hidden", "hidden.json"),
    ])
    func fileNamesAreSafe(_ id: String, _ expected: String) {
        var names = FileNames(directory: "/d")
        #expect(names.path(for: id, suffix: ".json") == "/d/" + expected)
    }

    @Test func fileNamesAreUniqueWithoutCase() {
        var names = FileNames(directory: "/d/")
        #expect(names.path(for: "A/b", suffix: ".json") == "/d/A_b.json")
        #expect(names.path(for: "a:b", suffix: ".json") == "/d/a_b-2.json")
        #expect(names.path(for: String(repeating: "x", count: 500)).count == "/d/".count + FileNames.maximumLength)
    }
}
