import Glibc
import Graphemes
import Reporting

/// The commands `ime-harness` knows.
enum CommandName: String, CaseIterable {
    case segment
    case conformance
    case replay
    case rules
    case fuzz
    case merge
    case report
}

/// What a command run produced: its exit code and its two output streams.
public struct CLIResult: Equatable, Sendable {
    /// 0 nothing found, 1 failures or discrepancies found, 2 usage or input error.
    public var exitCode: Int32
    public var standardOutput: String
    public var standardError: String

    public init(exitCode: Int32, standardOutput: String = "", standardError: String = "") {
        self.exitCode = exitCode
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// The `ime-harness` command line, runnable in-process (the executable and the tests both call ``run(_:)``).
public enum CLI {
    static let overview = """
        ime-harness: test text-input rules the way real input methods exercise them.

        USAGE: ime-harness <command> [options]

        COMMANDS:
          segment       Split text into grapheme clusters and classify each (han, emoji, ...).
          conformance   Check segmentation and emoji classification against Unicode's test files.
          replay        Replay input-method sessions through iOS delegate models and report discrepancies.
          rules         List the rule catalogue: legacy ports and correct rules, with their parameters.
          fuzz          Generate sessions against a rule's properties and shrink what fails.
          merge         Combine the JSON results of fuzz shards.
          report        Render JSON results of replay or fuzz as Markdown, HTML or JUnit XML.

        Run 'ime-harness <command> --help' for a command's options.
        Exit codes: 0 nothing found, 1 failures found, 2 usage or input error.
        """

    /// Runs the command line `arguments` and writes its output to standard output and
    /// standard error; returns the exit code. A failure to write standard output (a full
    /// disk, a closed pipe) is reported on standard error and makes the exit code 2: a
    /// report that did not arrive must not look like a clean run.
    public static func main(_ arguments: [String]) -> Int32 {
        let output = OutputSink(descriptor: STDOUT_FILENO)
        let result = execute(arguments, output: output)
        var exitCode = result.exitCode
        var standardError = result.standardError
        output.write(result.standardOutput)
        output.flush()
        if let code = output.failure {
            standardError += TerminalLine.diagnostic(
                "standard output: cannot be written (\(String(cString: strerror(code))))")
            exitCode = 2
        }
        StandardStream.write(standardError, to: STDERR_FILENO)
        return exitCode
    }

    /// Runs the command line `arguments` (without the program name).
    public static func run(_ arguments: [String]) -> CLIResult {
        let output = OutputSink(descriptor: nil)
        var result = execute(arguments, output: output)
        result.standardOutput = output.collected + result.standardOutput
        return result
    }

    /// Runs `arguments`; a command that streams its output writes it to `output`, the
    /// others return it in the result.
    static func execute(_ arguments: [String], output: OutputSink) -> CLIResult {
        guard let first = arguments.first else {
            return CLIResult(exitCode: 2, standardError: overview + "\n")
        }
        if first == "--help" || first == "-h" || first == "help" {
            return CLIResult(exitCode: 0, standardOutput: overview + "\n")
        }
        if first == "--version" {
            return CLIResult(
                exitCode: 0,
                standardOutput: "ime-harness (ICU \(UnicodeVersions.icu), Unicode \(UnicodeVersions.unicode))\n")
        }
        let rest = Array(arguments.dropFirst())
        do throws(CLIError) {
            guard let command = CommandName(rawValue: first) else { throw .unknownCommand(first) }
            switch command {
            case .segment: return try SegmentCommand.run(rest, output: output)
            case .conformance: return try ConformanceCommand.run(rest)
            case .replay: return try ReplayCommand.run(rest)
            case .rules: return try RulesCommand.run(rest)
            case .fuzz: return try FuzzCommand.run(rest)
            case .merge: return try MergeCommand.run(rest)
            case .report: return try ReportCommand.run(rest)
            }
        } catch {
            return CLIResult(exitCode: error.exitCode, standardError: TerminalLine.diagnostic(error.message))
        }
    }
}
