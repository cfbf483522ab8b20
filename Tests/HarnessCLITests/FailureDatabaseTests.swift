import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// `--save DIR` is a failure database: the next run replays what DIR holds of its rule (or
/// handler) before generating anything, so a regression shows in its first second.
@Suite struct FailureDatabaseTests {
    /// A campaign whose subject fails, and another that DIR's counterexamples must not judge.
    struct Case: Sendable, CustomTestStringConvertible {
        var command: String
        var option: String
        var failing: String
        var passing: String
        var testDescription: String { command }
    }

    static let cases = [
        Case(
            command: "fuzz", option: "--rule", failing: "legacy-truncate-count:limit=6", passing: "max-length:limit=6"),
        Case(
            command: "keyboard-fuzz", option: "--handler", failing: "seed-001-constraint",
            passing: "documented-overlap"),
    ]

    @Test(arguments: cases)
    func savedCounterexamplesFailTheNextRunFirst(_ test: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("database-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func run(_ subject: String, iterations: Int) -> CLIResult {
            CLI.run([test.command, test.option, subject, "--iterations", String(iterations), "--save", directory])
        }
        #expect(run(test.failing, iterations: 300).exitCode == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory).count
        #expect(saved > 0)
        // One generated session only: the failures come from the database.
        let again = run(test.failing, iterations: 1)
        #expect(again.exitCode == 1)
        if test.command == "fuzz" {
            #expect(again.standardError.contains("\(saved) saved counterexample(s) in \(directory) still fail"))
        } else {
            #expect(again.standardOutput.contains("moved-without-overlap"))
        }
        // Another subject is not judged by these counterexamples.
        #expect(run(test.passing, iterations: 1).exitCode == 0)
    }
}
