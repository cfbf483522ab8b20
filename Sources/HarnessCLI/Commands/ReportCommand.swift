import Reporting

/// `ime-harness report`: renders the JSON results of `replay` or `fuzz` in another format.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: .report,
        abstract: "Render JSON results of replay or fuzz as Markdown, HTML or JUnit XML.",
        arguments: "RESULTS.json",
        discussion: CommandSpec.paragraph(
            """
            Renders what 'ime-harness replay --format json' or 'ime-harness fuzz --format \
            json' (or 'merge') wrote, exactly as the run itself would have: Markdown \
            (default), one self-contained HTML page, JUnit XML, the same JSON again (one \
            shape per kind of run, Corpora/ime-*-results.schema.json), or the rule matrix. \
            The versions shown are the run's, read from the file.
            """),
        options: [
            .value(
                "--format", "FORMAT", choices: ReportFormat.allCases.map(\.rawValue),
                help: "md (default), html, json, junit or matrix, as 'replay --format' writes them."),
            .value("--output", "PATH", help: "Write the report to PATH (atomically) instead of standard output."),
        ],
        exitCodes: """
            Exit codes: 0 the results hold no finding, 1 they hold findings, 2 a usage error
            or a results file that cannot be read (or that lists unreadable sessions).
            """)

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        let format = try parsed.choice("--format", default: ReportFormat.markdown)
        guard let path = parsed.positionals.first else { throw .missingArgument("RESULTS.json", command: .report) }
        try parsed.rejectPositionals(after: 1)
        let report = try CommandInputs.results(path) { try Report(json: $0) }
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
