import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// `ime-harness keyboard` and `keyboard-fuzz`: exit codes, located errors, suggestions,
/// saved counterexamples that `keyboard` replays, and `merge` of keyboard shards.
@Suite struct KeyboardCommandTests {
    static let sessions = Repository.path("Corpora/keyboard-sessions")

    @Test func theCorrectHandlersPassTheCorpusAndTheSeedsFail() {
        let correct = CLI.run([
            "keyboard", Self.sessions, "--handler", "documented-overlap", "--handler", "keyboard-layout-guide",
        ])
        #expect(correct.exitCode == 0)
        #expect(correct.standardOutput.contains("**PASS: every invariant held in "))
        #expect(correct.standardError.hasSuffix("ime-harness: PASS: every invariant held in 88 replays\n"))
        let seed = CLI.run(["keyboard", Self.sessions, "--handler", "seed-001-constraint"])
        #expect(seed.exitCode == 1)
        #expect(seed.standardOutput.contains("moved-without-overlap"))
    }

    /// Reports/keyboard.md is every shipped handler over the keyboard corpus.
    @Test func theCommittedKeyboardReportIsCurrent() throws {
        let result = CLI.run(["keyboard", Self.sessions])
        let committed = try String(contentsOfFile: Repository.path("Reports/keyboard.md"), encoding: .utf8)
        #expect(
            result.standardOutput == committed,
            "Reports/keyboard.md is stale: run 'swift run ime-harness keyboard Corpora/keyboard-sessions --output Reports/keyboard.md'"
        )
    }

    @Test func everyFormatRenders() throws {
        for format in ["md", "html", "json", "junit"] {
            let result = CLI.run(["keyboard", Self.sessions, "--handler", "seed-000-window", "--format", format])
            #expect(result.exitCode == 1, "\(format)")
            #expect(!result.standardOutput.isEmpty)
        }
        let json = CLI.run(["keyboard", Self.sessions + "/pad-split-view-pinned.json", "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "ime-keyboard-results/1")
        #expect(
            (object["profiles"] as? [String]) == [
                "ipad-multitasking", "iphone-frame-only", "iphone-ios11-emoji", "iphone-show-repeats",
            ])
    }

    @Test func usageErrorsAreOneLineAndExit2() {
        let unknown = CLI.run(["keyboard", Self.sessions, "--handler", "seed-000-windwo"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("did you mean 'seed-000-window'?"))
        let missing = CLI.run(["keyboard", "/nonexistent/keyboard"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardOutput.isEmpty)
        let profile = CLI.run(["keyboard", Self.sessions, "--profile", "iphone-show-repeat"])
        #expect(profile.exitCode == 2)
        #expect(profile.standardError.contains("did you mean 'iphone-show-repeats'?"))
    }

    @Test func aBadSessionIsLocatedAndTheOthersStillRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keyboard-bad-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(
            atPath: Self.sessions + "/phone-show-hide-pinned.json", toPath: directory + "/good.json")
        try
            #"{"format": "ime-keyboard-session/1", "id": "bad", "source": {"kind": "authored", "detail": ""}, "idiom": "phone", "layout": {"kind": "pinned", "fields": [{"id": "a", "frame": [0, 0, 10, 10]}]}, "events": [{"op": "dismiss"}, {"op": "focus", "field": "z"}]}"#
            .write(toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        let result = CLI.run(["keyboard", directory, "--handler", "documented-overlap"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("bad.json: event 1: $.events[1].field: expected the id of a field"))
        #expect(result.standardOutput.contains("replays: 3"), "the good session still ran under 3 phone profiles")
    }

    @Test func fuzzSavesCounterexamplesThatReplayAndShardsMerge() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keyboard-fuzz-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fuzz = CLI.run([
            "keyboard-fuzz", "--handler", "seed-001-constraint", "--iterations", "300", "--save", directory,
        ])
        #expect(fuzz.exitCode == 1)
        #expect(fuzz.standardOutput.contains("**moved-without-overlap** under `ipad-multitasking`"))
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!saved.isEmpty)
        let replay = CLI.run(["keyboard", directory, "--handler", "seed-001-constraint"])
        #expect(replay.exitCode == 1)
        let shards = (1...2).map { index in
            CLI.run([
                "keyboard-fuzz", "--handler", "seed-001-constraint", "--iterations", "300", "--shard", "\(index)/2",
                "--format", "json",
            ]).standardOutput
        }
        var paths: [String] = []
        for (index, shard) in shards.enumerated() {
            let path = directory + "/shard\(index).results"
            try shard.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let merged = CLI.run(["merge"] + paths)
        #expect(merged.exitCode == 1)
        let whole = CLI.run([
            "keyboard-fuzz", "--handler", "seed-001-constraint", "--iterations", "300", "--format", "json",
        ])
        func failures(_ text: String) throws -> [String] {
            let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return (object["failures"] as? [[String: Any]] ?? []).map {
                "\($0["invariant"]!) \($0["profile"]!) \($0["iteration"]!)"
            }
        }
        #expect(try failures(merged.standardOutput) == failures(whole.standardOutput))
        #expect(CLI.run(["keyboard-fuzz", "--iterations", "5"]).exitCode == 2, "no handler")
    }

    /// `report` renders what `keyboard` and `keyboard-fuzz` wrote as the run did, gate
    /// included; formats of the text stack alone and a campaign of a handler this program
    /// does not ship are one-line usage and results errors.
    @Test func reportReadsKeyboardResultsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keyboard-report-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let replay = ["keyboard", Self.sessions, "--handler", "seed-000-window", "--fail-on", "not-at-rest"]
        let fuzz = ["keyboard-fuzz", "--handler", "seed-001-constraint", "--iterations", "60"]
        for (name, arguments) in [("keyboard", replay), ("keyboard-fuzz", fuzz)] {
            let written = CLI.run(arguments + ["--format", "json", "--output", directory + "/\(name).json"])
            #expect(written.exitCode == 1, "\(name)")
            // JSON is compared with what the run wrote: a campaign's holds its seconds.
            let json = try String(contentsOfFile: directory + "/\(name).json", encoding: .utf8)
            for format in ["md", "html", "json", "junit"] {
                let direct = format == "json" ? json : CLI.run(arguments + ["--format", format]).standardOutput
                let report = CLI.run(["report", directory + "/\(name).json", "--format", format])
                #expect(report.exitCode == 1, "\(name) \(format)")
                #expect(report.standardOutput == direct, "\(name) \(format)")
            }
        }
        let matrix = CLI.run(["report", directory + "/keyboard.json", "--format", "matrix"])
        #expect(matrix.exitCode == 2)
        #expect(matrix.standardError.contains("expected one of md, html, json, junit for keyboard results"))
        let campaign = try String(contentsOfFile: directory + "/keyboard-fuzz.json", encoding: .utf8)
        try campaign.replacingOccurrences(of: "\"handler\": \"seed-001-constraint\"", with: "\"handler\": \"mine\"")
            .write(toFile: directory + "/unknown.json", atomically: true, encoding: .utf8)
        let unknown = CLI.run(["report", directory + "/unknown.json"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("$.handler: expected a keyboard handler this program ships"))
        #expect(unknown.standardError.split(separator: "\n").count == 1)
    }
}
