import Foundation
import HarnessJSON
import Reporting

/// `ime-harness report`: renders the JSON results of `replay` or `fuzz` in another format.
enum ReportCommand {
    static let usage = """
        USAGE: ime-harness report RESULTS.json [--format md|html|junit|json] [--output PATH]

        Renders what 'ime-harness replay --format json' or 'ime-harness fuzz --format json'
        (or 'merge') wrote, exactly as the run itself would have: Markdown (default), one
        self-contained HTML page, JUnit XML, or the replay JSON shape again. The versions
        shown are the run's, read from the file.

        OPTIONS:
          --format FORMAT   md (default), html, junit or json.
          --output PATH     Write the report to PATH (atomically) instead of standard output.
          -h, --help        Show this help.

        Exit codes: 0 the results hold no finding, 1 they hold findings, 2 a usage error
        or a results file that cannot be read (or that lists unreadable sessions).
        """

    enum Format: String, CaseIterable { case md, html, junit, json }

    static func run(_ arguments: [String]) throws(CLIError) -> CLIResult {
        let parsed = try ParsedArguments(
            arguments, command: "report", valued: ["--format", "--output"], flags: ["--help", "-h"])
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
            return CLIResult(exitCode: 0, standardOutput: usage + "\n")
        }
        let format = try parsed.choice("--format", default: Format.md)
        guard let path = parsed.positionals.first else { throw .missingArgument("RESULTS.json", command: "report") }
        if let extra = parsed.positionals.dropFirst().first { throw .unexpectedArgument(extra, command: "report") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .fileNotFound(path: path) }
        let report: Report
        do {
            report = try Report(json: JSONNode(JSONParser.parse(data)))
        } catch {
            throw .dataError("\(path): \(error)")
        }
        let output =
            switch format {
            case .md: ReportOutput.render(report, as: .md)
            case .html: ReportOutput.render(report, as: .html)
            case .junit: ReportOutput.render(report, as: .junit)
            case .json: ReportOutput.render(report, as: .json)
            }
        return try ReportOutput.deliver(
            output, to: parsed.value("--output"), inputs: parsed.positionals, exitCode: report.exitCode,
            summary: "\(report.sessions.count) session replays, \(report.findingCount) findings")
    }
}
