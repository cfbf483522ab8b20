import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// What a fuzz run prints for a CI log: each failure's profile, seed and iteration, that
/// profile's fields, and a command that brings it back; and a run that stops early.
@Suite struct FuzzOutputTests {
    static let profiles = Repository.path("Corpora/profiles")

    func fuzz(_ arguments: [String]) -> CLIResult {
        CLI.run(["fuzz", "--profiles", Self.profiles] + arguments)
    }

    @Test func aFailureSaysWhereItFailedAndHowToReproduceIt() throws {
        let result = fuzz(["--rule", "legacy-input-filter:max-length=5", "--iterations", "300", "--max-failures", "1"])
        #expect(result.exitCode == 1)
        let failures = result.standardOutput.components(separatedBy: "\nFAIL ").dropFirst()
        #expect(failures.count == 1, "--max-failures 1 stops at the first")
        let failure = try #require(failures.first)
        let header = try #require(failure.split(separator: "\n").first)
        #expect(header.contains(" under ios18-single (seed 0, iteration "), "\(header)")
        #expect(header.contains("minimised to 2 events)") || header.contains("minimised to 1 event)"))
        #expect(failure.contains("→ ios18-single: \""))
        let reproduce = try #require(failure.split(separator: "\n").first { $0.hasPrefix("  reproduce: ") })
        let words = reproduce.dropFirst("  reproduce: ime-harness ".count).split(separator: " ").map(String.init)
        #expect(words.prefix(4) == ["fuzz", "--rule", "legacy-input-filter:max-length=5", "--seed"])
        // The command brings the same failure back.
        let again = fuzz(Array(words.dropFirst()))
        #expect(again.exitCode == 1)
        #expect(again.standardOutput.contains("FAIL " + String(header)))
    }

    @Test func aQuotedSpecIsQuotedInTheCommand() {
        let result = fuzz([
            "--rule", "legacy-input-filter:regex=^[a-z ]+$", "--iterations", "200", "--max-failures", "1",
        ])
        #expect(
            result.standardOutput.contains(
                "reproduce: ime-harness fuzz --rule 'legacy-input-filter:regex=^[a-z ]+$' --seed 0"))
    }

    @Test func maxFailuresIsAtLeastOne() {
        let result = fuzz(["--rule", "none", "--max-failures", "0"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("option '--max-failures'"))
    }

    /// The default text output of a campaign that fails, whole, against a golden file (its
    /// time and rate written as 0, the checkout's path as `<checkout>`: what varies).
    @Test func theTextOutputIsAsRecorded() throws {
        let result = fuzz(["--rule", "legacy-input-filter:max-length=10", "--iterations", "300", "--seed", "0"])
        #expect(result.exitCode == 1)
        let output = result.standardOutput.replacingOccurrences(
            of: #"in [0-9.]+ s \([0-9]+/s\)"#, with: "in 0 s (0/s)", options: .regularExpression
        ).replacingOccurrences(of: Repository.root, with: "<checkout>")
        if let mismatch = try GoldenFile.mismatch(output, at: "Tests/HarnessCLITests/Golden/fuzz.txt") {
            Issue.record(Comment(rawValue: mismatch))
        }
    }
}
