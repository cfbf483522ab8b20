import Composition
import Glibc
import Graphemes
import Reporting

/// What a command run produced: its exit code and its two output streams.
public struct CLIResult: Equatable, Sendable {
    /// 0 nothing found, 1 failures or discrepancies found, 2 usage or input error.
    public var exitCode: Int32
    public var standardOutput: String
    public var standardError: String
    /// The run's verdict line (`ime-harness: PASS …`), written to standard error last, and
    /// only when the report arrived: a report that could not be written has no verdict.
    public var verdict: String = ""

    public init(exitCode: Int32, standardOutput: String = "", standardError: String = "") {
        self.exitCode = exitCode
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// The `ime-harness` command line, runnable in-process (the executable and the tests both call ``run(_:)``).
public enum CLI {
    /// The tool's version, the library's too (``HarnessVersion``).
    public static let version = HarnessVersion.current

    /// What `ime-harness --help` prints: every command's abstract.
    static var overview: String {
        var out = """
            ime-harness: test text-input rules the way real input methods exercise them.

            USAGE: ime-harness <command> [options]

            COMMANDS:

            """
        for name in CommandName.allCases {
            out += "  " + name.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
            out += name.command.spec.abstract + "\n"
        }
        return out + """

            Run 'ime-harness <command> --help' for a command's options.
            Exit codes: 0 nothing found, 1 failures found, 2 usage or input error.
            """
    }

    /// Runs the command line `arguments` and writes its output to standard output and
    /// standard error; returns the exit code. A failure to write standard output (a full
    /// disk, a closed pipe) is reported on standard error and makes the exit code 2: a
    /// report that did not arrive must not look like a clean run.
    public static func main(_ arguments: [String]) -> Int32 {
        let output = OutputSink(descriptor: STDOUT_FILENO)
        // Progress is for a person watching a terminal: a line redrawn in place.
        var shown = false
        let progress: ((String) -> Void)? =
            isatty(STDERR_FILENO) != 0
            ? { line in
                shown = true
                StandardStream.write("\r" + line, to: STDERR_FILENO)
            } : nil
        let result = execute(
            arguments,
            context: CommandContext(
                output: output, progress: progress, log: { StandardStream.write($0, to: STDERR_FILENO) }))
        if shown { StandardStream.write("\n", to: STDERR_FILENO) }
        var exitCode = result.exitCode
        var standardError = result.standardError
        output.write(result.standardOutput)
        output.flush()
        if let code = output.failure {
            standardError += TerminalLine.diagnostic(
                "standard output: cannot be written (\(String(cString: strerror(code))))")
            exitCode = 2
        } else {
            standardError += result.verdict
        }
        StandardStream.write(standardError, to: STDERR_FILENO)
        return exitCode
    }

    /// Runs the command line `arguments` (without the program name).
    public static func run(_ arguments: [String]) -> CLIResult {
        let output = OutputSink(descriptor: nil)
        var result = execute(arguments, context: CommandContext(output: output))
        result.standardOutput = output.collected + result.standardOutput
        result.standardError += result.verdict
        result.verdict = ""
        return result
    }

    /// Runs `arguments`: finds the command, parses its options against its declaration,
    /// answers `--help` from it, and writes any error as one line.
    static func execute(_ arguments: [String], context: CommandContext) -> CLIResult {
        guard let first = arguments.first else {
            return CLIResult(exitCode: 2, standardError: overview + "\n")
        }
        if first == "--help" || first == "-h" || first == "help" {
            return CLIResult(exitCode: 0, standardOutput: overview + "\n")
        }
        if first == "--version" {
            return CLIResult(
                exitCode: 0,
                standardOutput:
                    "ime-harness \(version) (ICU \(UnicodeVersions.icu), Unicode \(UnicodeVersions.unicode))\n")
        }
        do throws(CLIError) {
            guard let name = CommandName(rawValue: first) else { throw .unknownCommand(first) }
            let command = name.command
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.flag("--help") {
                return CLIResult(exitCode: 0, standardOutput: command.spec.helpText)
            }
            return try command.run(parsed, context: context)
        } catch {
            return CLIResult(exitCode: error.exitCode, standardError: TerminalLine.diagnostic(error.message))
        }
    }
}
