import Composition
import Foundation
import HarnessJSON
import HarnessTestSupport
import InputRules
import Testing

@testable import HarnessCLI

@Suite struct ReplayCommandTests {
    static let root = Repository.root
    static let profiles = root + "/Corpora/profiles"
    static let forum = root + "/Corpora/sessions/zhuyin/forum-801013-wang.json"

    func replay(_ arguments: [String]) -> CLIResult {
        CLI.run(["replay", "--profiles", Self.profiles] + arguments)
    }

    @Test func writesTheDocumentedJSONForTheForumSession() throws {
        let result = replay(["--format", "json", Self.forum])
        // With no rule the platform's discrepancies are reported and the run passes.
        #expect(result.exitCode == 0)
        #expect(
            result.standardError
                == "ime-harness: PASS (--fail-on none): no finding fails the run; 2 reported, not failing\n")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["sessions"] as? Int == 1)
        #expect(summary["profiles"] as? [String] == ["ios18-single", "ios26-multi"])
        let session = try #require((json["sessions"] as? [[String: Any]])?.first)
        #expect(session["id"] as? String == "zhuyin-wang")
        #expect(session["rule"] as? String == "none")
        #expect(session["finalText"] as? [String: String] == ["ios18-single": "王", "ios26-multi": "王"])
        let discrepancies = try #require(session["discrepancies"] as? [[String: Any]])
        #expect(discrepancies.map { $0["kind"] as? String } == ["proposed-text-mismatch", "length-mismatch"])
        #expect(discrepancies.map { $0["event"] as? Int } == [2, 2])
        #expect(discrepancies[0]["profiles"] as? [String] == ["ios26-multi"])
        let details = try #require(discrepancies[0]["details"] as? [String: Any])
        #expect(details["proposedText"] as? String == "ㄨㄤ王")
        #expect((details["call"] as? [String: Any])?["ranges"] as? [[Int]] == [[2, 0]])
    }

    @Test func oneProfileAloneFindsNothingInTheForumSession() {
        let result = replay(["--profile", "ios18-single", Self.forum])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("| 1 | 3 | 0 | 0 |"))
    }

    @Test func aBadFileIsReportedAndTheOthersStillReplay() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = try String(contentsOfFile: Self.forum, encoding: .utf8)
        try good.write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
        try "{\"format\": \"ime-session/1\"}".write(toFile: directory + "/b.json", atomically: true, encoding: .utf8)
        try good.write(toFile: directory + "/c.json", atomically: true, encoding: .utf8)
        let result = replay(["--format", "json", directory])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == """
                ime-harness: \(directory)/b.json: $.id: expected a value, found nothing
                ime-harness: \(directory)/c.json: duplicate session id 'zhuyin-wang' (first in \(directory)/a.json)

                """)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((json["sessions"] as? [Any])?.count == 1)
        #expect((json["errors"] as? [Any])?.count == 2)
    }

    @Test func writesTheReportAtomicallyToOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = replay(["--output", directory + "/report.md", "--fail-on", "platform", Self.forum])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "ime-harness: wrote \(directory)/report.md: sessions 1, events replayed 6, discrepancies 2; "
                + "of kinds --fail-on platform fails: proposed-text-mismatch 1, length-mismatch 1\n"
                + "ime-harness: FAIL (--fail-on platform): 2 findings fail the run\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.md"])
        #expect(try String(contentsOfFile: directory + "/report.md", encoding: .utf8).hasPrefix("# Replay report"))
    }

    @Test func writesEveryFormatAndReportRendersTheSameFromJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let json = replay(["--format", "json", "--output", directory + "/results.json", "--fail-on", "all", Self.forum])
        #expect(json.exitCode == 1)
        for format in ["md", "html", "junit"] {
            let direct = replay(["--format", format, "--fail-on", "all", Self.forum])
            #expect(direct.exitCode == 1)
            let rendered = CLI.run(["report", directory + "/results.json", "--format", format])
            #expect(rendered.exitCode == 1, "results with findings exit 1")
            #expect(rendered.standardOutput == direct.standardOutput, "\(format)")
        }
        let html = replay(["--format", "html", "--fail-on", "all", Self.forum]).standardOutput
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("id=\"s0e2\""), "the commit event is drawn")
        let junit = replay(["--format", "junit", "--fail-on", "all", Self.forum]).standardOutput
        #expect(junit.contains("<testcase classname=\"none\" name=\"zhuyin-wang (ios26-multi)\">"))
        let written = CLI.run([
            "report", directory + "/results.json", "--format", "html", "--output", directory + "/report.html",
        ])
        #expect(
            written.standardError
                == "ime-harness: wrote \(directory)/report.html: 1 session replays, 2 findings\n"
                + "ime-harness: FAIL (--fail-on all): 2 findings fail the run\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["report.html", "results.json"])
    }

    /// Results files for `report` to refuse: one missing a member, one that is not UTF-8.
    static let badResults: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bad-results-\(UUID())").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? #"{"summary": {}, "sessions": [], "errors": []}"#.write(
            toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        try? Data([0x7B, 0xFF, 0x7D]).write(to: URL(fileURLWithPath: directory + "/binary.json"))
        return directory
    }()

    static let reportBadInputs: [BadInput] = [
        .init(
            arguments: ["report"],
            message: "ime-harness: report: missing RESULTS.json (see 'ime-harness report --help')\n"),
        .init(
            arguments: ["report", badResults + "/none.json"],
            message: "ime-harness: \(badResults)/none.json: no such file\n"),
        .init(
            arguments: ["report", badResults + "/bad.json"],
            message: "ime-harness: \(badResults)/bad.json: $.summary.unicodeVersion: expected a value, found nothing\n"),
        .init(
            arguments: ["report", badResults + "/bad.json", "--format", "pdf"],
            message:
                "ime-harness: option '--format': 'pdf' is not valid (expected one of md, html, json, junit, matrix, summary)\n"
        ),
    ]

    @Test(arguments: reportBadInputs)
    func reportRejectsBadResultsWithOneLine(_ input: BadInput) {
        Self.expectOneLineError(CLI.run(input.arguments), input.message)
    }

    @Test func reportRejectsResultsThatAreNotUTF8() {
        let result = CLI.run(["report", Self.badResults + "/binary.json"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("ime-harness: \(Self.badResults)/binary.json: "))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }

    /// Exit code 2 and exactly `message` on standard error.
    static func expectOneLineError(_ result: CLIResult, _ message: String) {
        #expect(result.exitCode == 2)
        #expect(result.standardError == message)
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        .init(arguments: [], message: "ime-harness: replay: missing session PATH (see 'ime-harness replay --help')\n"),
        .init(
            arguments: ["--profile", "ios27", forum],
            message:
                "ime-harness: unknown profile 'ios27' (no \(profiles)/ios27.json; known: ios18-single, ios26-multi)\n"),
        .init(
            arguments: ["--rule", "max-lenght", forum],
            message:
                "ime-harness: unknown rule 'max-lenght' (did you mean 'max-length'?) (known: allow, android-composition-aware-filter, android-composition-aware-watcher, android-length-filter, decimal, deny, emoji-only, flutter-length-limiting, legacy-count-limit, legacy-input-filter, legacy-lxd-character, legacy-lxd-decimal, legacy-lxd-emoji, legacy-lxd-no-emoji, legacy-lxd-number, legacy-marked-guard-limit, legacy-numeric-field, legacy-truncate-count, legacy-truncate-marked-aware, max-length, none, react-native-max-length, regex)\n"
        ),
        .init(
            arguments: ["--rule", "max-length:limit=4,unti=utf16", forum],
            message:
                "ime-harness: rule 'max-length:limit=4,unti=utf16': unknown parameter 'unti' (accepted: limit, unit, enforcement)\n"
        ),
        .init(
            arguments: ["--rule", "max-length:limit=-1", forum],
            message:
                "ime-harness: rule 'max-length:limit=-1': parameter 'limit' must be a whole number from 0 to 1000000\n"),
        .init(
            arguments: ["--rule", "max-length:unit=utf16", forum],
            message:
                "ime-harness: rule 'max-length:unit=utf16': parameter 'limit' is required: a whole number from 0 to 1000000\n"
        ),
        .init(
            arguments: ["--rule", "max-length:limit=4,unit=bytes", forum],
            message:
                "ime-harness: rule 'max-length:limit=4,unit=bytes': parameter 'unit' must be graphemes | utf16 | scalars\n"
        ),
        .init(
            arguments: ["--rule", "deny:classes=han+kanji", forum],
            message:
                "ime-harness: rule 'deny:classes=han+kanji': parameter 'classes' must be class names joined by '+' (han, bopomofo, hiragana, katakana, hangul, emoji, emoji-component, digit, letter, mark, punctuation, symbol, whitespace, control, unassigned, other, digit-ascii, letter-latin)\n"
        ),
        .init(
            arguments: ["--rule", "regex:pattern=[a-", forum],
            message:
                "ime-harness: rule 'regex:pattern=[a-': parameter 'pattern' must be an ICU regular expression (ICU failed compiling the regular expression \\[a- at offset 3: U_REGEX_INVALID_RANGE)\n"
        ),
        .init(
            arguments: ["--rule", "/nonexistent/rule.json", forum],
            message: "ime-harness: /nonexistent/rule.json: no such file or directory\n"),
        .init(
            arguments: ["--format", "pdf", forum],
            message:
                "ime-harness: option '--format': 'pdf' is not valid (expected one of md, html, json, junit, matrix, summary)\n"
        ),
    ]

    @Test(arguments: badInputs)
    func rejectsBadArgumentsWithOneLine(_ input: BadInput) {
        Self.expectOneLineError(replay(input.arguments), input.message)
    }

    @Test func aMissingPathIsAnInputError() {
        let result = replay(["/nonexistent/sessions"])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "ime-harness: /nonexistent/sessions: no such file\n")
    }

    /// `replay --shard I/N` parts merge into the unsharded run's JSON, byte for byte, in
    /// any order; a missing or doubled shard is refused.
    @Test func replayShardsMergeToTheUnshardedRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = [
            Self.root + "/Corpora/sessions", "--rule", "none", "--rule", "legacy-input-filter:max-length=10",
            "--format",
            "json",
        ]
        let whole = replay(arguments)
        var paths: [String] = []
        for index in [3, 1, 2] {
            let part = replay(arguments + ["--shard", "\(index)/3"])
            #expect(part.standardOutput.contains("\"shard\": \"\(index)/3\""))
            let path = directory + "/part\(index).json"
            try part.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let merged = CLI.run(["merge"] + paths)
        #expect(merged.exitCode == whole.exitCode)
        #expect(merged.standardOutput == whole.standardOutput)
        let missing = CLI.run(["merge"] + paths.prefix(2))
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("each of 1/3…3/3 once"))
    }

    /// Reports/corpus.md is the README's main command's output; it must be regenerated when behaviour changes.
    @Test func theCommittedCorpusReportIsCurrent() throws {
        let result = replay([Self.root + "/Corpora/sessions"])
        let committed = try String(contentsOfFile: Self.root + "/Reports/corpus.md", encoding: .utf8)
        #expect(
            result.standardOutput == committed,
            "Reports/corpus.md is stale: run 'swift run ime-harness replay Corpora/sessions --output Reports/corpus.md'"
        )
    }

    /// Reports/rules.md is every corpus session × every shipped rule file × every profile.
    @Test func theCommittedRuleMatrixIsCurrent() throws {
        let result = replay([
            Self.root + "/Corpora/sessions", "--rule", Self.root + "/Corpora/rules", "--format", "matrix",
        ])
        let committed = try String(contentsOfFile: Self.root + "/Reports/rules.md", encoding: .utf8)
        #expect(
            result.standardOutput == committed,
            "Reports/rules.md is stale: run 'swift run ime-harness replay Corpora/sessions --rule Corpora/rules --format matrix --output Reports/rules.md'"
        )
    }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
