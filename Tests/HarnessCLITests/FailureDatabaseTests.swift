import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// `--save DIR` is a failure database: the next run replays what DIR holds of its rule (or
/// handler) before generating anything, so a regression shows in its first second.
@Suite struct FailureDatabaseTests {
    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("database-\(UUID())").path
    }

    @Test func savedCounterexamplesFailTheNextRunFirst() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = CLI.run([
            "fuzz", "--rule", "legacy-truncate-count:limit=6", "--iterations", "300", "--save", directory,
        ])
        #expect(first.exitCode == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory).count
        #expect(saved > 0)
        // One generated session only: the failures come from the database.
        let again = CLI.run([
            "fuzz", "--rule", "legacy-truncate-count:limit=6", "--iterations", "1", "--save", directory,
        ])
        #expect(again.exitCode == 1)
        #expect(again.standardError.contains("\(saved) saved counterexample(s) in \(directory) still fail"))
        // Another rule is not judged by this rule's counterexamples.
        let other = CLI.run(["fuzz", "--rule", "max-length:limit=6", "--iterations", "1", "--save", directory])
        #expect(other.exitCode == 0)
    }

    @Test func savedKeyboardCounterexamplesFailTheNextRunFirst() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = CLI.run([
            "keyboard-fuzz", "--handler", "seed-001-constraint", "--iterations", "300", "--save", directory,
        ])
        #expect(first.exitCode == 1)
        let again = CLI.run([
            "keyboard-fuzz", "--handler", "seed-001-constraint", "--iterations", "1", "--save", directory,
        ])
        #expect(again.exitCode == 1)
        #expect(again.standardOutput.contains("moved-without-overlap"))
        let correct = CLI.run([
            "keyboard-fuzz", "--handler", "documented-overlap", "--iterations", "1", "--save", directory,
        ])
        #expect(correct.exitCode == 0)
    }
}
