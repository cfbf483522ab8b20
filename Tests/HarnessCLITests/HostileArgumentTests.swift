import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// Every command with hostile values for each of its options: huge, negative, non-finite,
/// empty, path-like, with controls and bidi overrides, a NUL, a very long one. Each run
/// ends with exit code 2 and one line on standard error, or is a correct run (exit 0 or 1,
/// every line on standard error the tool's own); none traps.
@Suite struct HostileArgumentTests {
    static let values = [
        "", "-1", "9223372036854775807", "18446744073709551616", "1e309", "nan", "-inf", "0",
        "../../x", "a\nime-harness: PASS\u{202E}", "\u{0}", String(repeating: "9", count: 5_000),
    ]

    /// What each command is given besides the option under test: enough to run quickly.
    final class Scratch: @unchecked Sendable {
        let root: String
        let session: String
        let results: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-argv-\(UUID())").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            session = root + "/s.json"
            try
                #"{"format":"ime-session/1","id":"s","ime":"other","source":{"kind":"authored","detail":"x"},"initial":{"text":""},"events":[{"op":"insertText","text":"a"}]}"#
                .write(toFile: session, atomically: true, encoding: .utf8)
            results = root + "/r.json"
            let profiles = Repository.path("Corpora/profiles")
            let run = CLI.run(["replay", "--profiles", profiles, session, "--format", "json", "--output", results])
            guard run.exitCode == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        func base(_ command: CommandName) -> [String] {
            let profiles = Repository.path("Corpora/profiles")
            return switch command {
            case .segment: ["segment", "x"]
            case .conformance: ["conformance", "--format", "json"]
            case .replay: ["replay", "--profiles", profiles, session]
            case .rules: ["rules"]
            case .fuzz: ["fuzz", "--rule", "none", "--iterations", "3", "--profiles", profiles]
            case .merge: ["merge", results]
            case .report: ["report", results]
            case .keyboard:
                ["keyboard", Repository.path("Corpora/keyboard-sessions/pad-floating-keyboard-pinned.json")]
            case .keyboardFuzz: ["keyboard-fuzz", "--handler", "documented-overlap", "--iterations", "3"]
            case .initialize: ["init", root + "/app"]
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var command: CommandName
        var option: String
        var takesPath: Bool
        var testDescription: String { "\(command.rawValue) \(option)" }
    }

    static let cases: [Case] = CommandName.allCases.flatMap { command in
        command.command.spec.options.compactMap { option in
            guard let placeholder = option.value, option.name != "--help" else { return nil }
            // Conformance with valid data runs every conformance file: its one option is
            // the data directory, given only hostile paths here.
            return Case(
                command: command, option: option.name,
                takesPath: ["PATH", "FILE", "DIR", "URL|PATH"].contains(placeholder))
        }
    }

    @Test(arguments: cases) func answersEveryValueWithOneLineOrARun(_ testCase: Case) throws {
        let scratch = try Scratch()
        for value in Self.values {
            // A path-like value is kept inside the scratch directory: a run that succeeds
            // must not write into the checkout.
            let given = testCase.takesPath && !value.isEmpty ? scratch.root + "/" + value : value
            let arguments = scratch.base(testCase.command) + [testCase.option, given]
            let result = CLI.run(arguments)
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect([0, 1, 2].contains(result.exitCode), "\(arguments)")
            #expect(lines.allSatisfy { $0.hasPrefix("ime-harness: ") }, "\(arguments): \(result.standardError)")
            if result.exitCode == 2 {
                #expect(lines.count == 1, "\(arguments): \(result.standardError)")
            }
        }
    }
}
