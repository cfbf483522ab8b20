import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// Issue 42: `replay --profile gboard|samsung|android` and the Android rules, beside iOS.
@Suite struct AndroidReplayCommandTests {
    static let sessions = Repository.root + "/Corpora/sessions"
    static let korean = Repository.root + "/Corpora/sessions/hangul"

    @Test func anAndroidRuleRunsUnderTheAndroidProfilesAndTheSummaryGroupsByPlatform() throws {
        let result = CLI.run([
            "replay", Self.sessions, "--rule", "android-length-filter:max-length=10", "--rule",
            "legacy-input-filter:max-length=10", "--format", "summary",
        ])
        #expect(result.exitCode == 1)
        let summary = result.standardOutput
        #expect(summary.contains("| iOS | `ios18-single`, `ios26-multi` |"), "\(summary.prefix(3000))")
        #expect(summary.contains("| Android | `gboard`, `samsung` |"))
        #expect(summary.contains("`deletion-blocked`"))
        #expect(summary.contains("| `android-length-filter:max-length=10` | **fail** |"))
    }

    @Test func theJSONResultsReadBackWithTheirAndroidFindings() throws {
        let directory = NSTemporaryDirectory() + "android-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = CLI.run([
            "replay", Self.korean, "--profile", "gboard", "--rule", "react-native-max-length:max-length=10",
            "--format", "json", "--output", directory + "/results.json",
        ])
        #expect(written.exitCode == 1, "\(written.standardError)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/results.json")))
                as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["profiles"] as? [String] == ["gboard"])
        let sessions = try #require(json["sessions"] as? [[String: Any]])
        let korean = try #require(sessions.first { $0["id"] as? String == "android-hangul-at-limit" })
        let kinds = (korean["discrepancies"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["deletion-blocked"])
        let report = CLI.run(["report", directory + "/results.json", "--format", "md"])
        #expect(report.exitCode == 1, "\(report.standardError)")
        #expect(report.standardOutput.contains("deletion-blocked"))
    }

    @Test(arguments: [
        (
            ["--profile", "ios18-single", "--rule", "android-length-filter:max-length=10"],
            "ime-harness: option '--rule': 'android-length-filter:max-length=10' is not valid (expected a rule of the platforms the run's profiles are of: this one is an Android rule, and no Android profile is named (--profile gboard, samsung or android))\n"
        ),
        (
            ["--profile", "gboard", "--rule", "legacy-input-filter:max-length=10"],
            "ime-harness: option '--rule': 'legacy-input-filter:max-length=10' is not valid (expected a rule of the platforms the run's profiles are of: this one is an iOS rule, and only Android profiles are named)\n"
        ),
        (
            ["--rule", "flutter-length-limiting:max-length=5,enforcement=sometimes"],
            "ime-harness: rule 'flutter-length-limiting:max-length=5,enforcement=sometimes': parameter 'enforcement' must be enforced or truncate-after-composition-ends\n"
        ),
        (
            ["--profile", "android", "--shard", "1/2"],
            "ime-harness: replay: --shard 1/2 and an Android profile or rule cannot be used together\n"
        ),
    ])
    func mismatchedPlatformsAreOneLineErrors(_ arguments: [String], _ message: String) {
        let result = CLI.run(["replay", Self.korean] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardError == message)
    }

    @Test func withoutAnAndroidProfileOrRuleTheRunIsAsBefore() {
        let result = CLI.run(["replay", Self.korean, "--format", "summary"])
        #expect(!result.standardOutput.contains("By platform"))
        #expect(!result.standardOutput.contains("gboard"))
    }
}
