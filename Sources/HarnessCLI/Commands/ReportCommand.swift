import HarnessJSON
import KeyboardOverlap
import Reporting

/// `ime-harness report`: renders the JSON results of `replay`, `fuzz`, `keyboard` or
/// `keyboard-fuzz` in another format.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: .report,
        abstract: "Render JSON results of replay, fuzz, keyboard or keyboard-fuzz as Markdown, HTML or JUnit XML.",
        arguments: "RESULTS.json",
        discussion: CommandSpec.paragraph(
            """
            Renders what 'ime-harness replay', 'fuzz', 'keyboard' or 'keyboard-fuzz' wrote \
            with --format json (or 'merge' of their shards), exactly as the run itself \
            would have: Markdown (default), one self-contained HTML page, JUnit XML, the \
            same JSON again (one shape per kind of run, \
            Corpora/ime-*-results.schema.json), or for replays the rule matrix and the PR \
            summary. The versions shown are the run's, read from the file. A keyboard fuzz \
            campaign's counterexamples are replayed again under the profiles it names, \
            through the handler it names (one this program ships).
            """),
        options: [
            .value(
                "--format", "FORMAT", choices: ReportFormat.allCases.map(\.rawValue),
                help: ReportFormat.help(ReportFormat.allCases)
                    + " As the run's --format writes them; keyboard results: "
                    + KeyboardRun.formats.map(\.rawValue).joined(separator: ", ") + "."),
            .value("--output", "PATH", help: "Write the report to PATH (atomically) instead of standard output."),
            .value(
                "--keyboard-profiles", "DIR",
                help: """
                    Where the keyboard profiles a keyboard fuzz campaign names are (default: \
                    Corpora/keyboard-profiles, else the ones built into the binary).
                    """),
        ],
        exitCodes: """
            Exit codes: 0 the results hold no finding, 1 they hold findings, 2 a usage error
            or a results file that cannot be read (or that lists unreadable sessions).
            """)

    /// What a results file holds, told by its shape.
    private enum Results {
        /// A replay's or a fuzz campaign's.
        case text(Report)
        /// A keyboard replay's.
        case keyboard(KeyboardRun)
        /// A keyboard fuzz campaign's, whose counterexamples are replayed again.
        case keyboardFuzz(KeyboardFuzzResult)

        init(json node: JSONNode) throws(JSONDecodingError) {
            switch try node.optionalMember("format")?.string() {
            case KeyboardRun.format: self = .keyboard(try KeyboardRun(json: node))
            case KeyboardFuzzResult.format: self = .keyboardFuzz(try KeyboardFuzzResult(json: node))
            default: self = .text(try Report(json: node))
            }
        }
    }

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        let format = try parsed.choice("--format", default: ReportFormat.markdown)
        guard let path = parsed.positionals.first else { throw .missingArgument("RESULTS.json", command: .report) }
        try parsed.rejectPositionals(after: 1)
        let run: KeyboardRun
        switch try CommandInputs.results(path, Results.init(json:)) {
        case .text(let report): return try deliver(report, format: format, path: path, parsed)
        case .keyboard(let keyboard): run = keyboard
        case .keyboardFuzz(let fuzz):
            guard let handler = KeyboardHandlers.named(fuzz.handler) else {
                throw .results(
                    path: path,
                    reason: "$.handler: expected a keyboard handler this program ships ("
                        + KeyboardHandlers.all.map(\.name).joined(separator: ", ")
                        + "), found \"\(fuzz.handler)\": its counterexamples are replayed again to be drawn")
            }
            run = KeyboardRun(
                fuzz: fuzz, profiles: try KeyboardCommand.profiles(named: fuzz.profiles, parsed), handler: handler)
        }
        guard KeyboardRun.formats.contains(format) else {
            throw .invalidValue(
                option: "--format", value: format.rawValue,
                expected: "one of \(KeyboardRun.formats.map(\.rawValue).joined(separator: ", ")) for keyboard results")
        }
        var result = try ReportOutput.deliver(
            run.rendered(format), to: parsed.value("--output"), inputs: RunInputs(parsed, command: .report),
            exitCode: run.exitCode, summary: "replays \(run.replays.count), broken invariants \(run.findingCount)",
            standardError: run.errors.map { TerminalLine.diagnostic("\(path): \($0)") }.joined())
        if run.errors.isEmpty { result.verdict = TerminalLine.diagnostic(run.headline) }
        return result
    }

    /// A replay's or fuzz campaign's report in `format`.
    private static func deliver(_ report: Report, format: ReportFormat, path: String, _ parsed: ParsedArguments)
        throws(CLIError) -> CLIResult
    {
        // The sessions the run could not read are what exit code 2 stands for: each is named
        // on standard error, as the run itself named them.
        var result = try ReportOutput.deliver(
            report.rendered(format), to: parsed.value("--output"), inputs: RunInputs(parsed, command: .report),
            exitCode: report.exitCode,
            summary: "\(report.sessions.count) session replays, \(report.findingCount) findings",
            standardError: report.errors.map { TerminalLine.diagnostic("\(path): \($0)") }.joined())
        if report.errors.isEmpty { result.verdict = TerminalLine.diagnostic(report.headline) }
        return result
    }
}
