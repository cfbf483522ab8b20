import Foundation
import Reporting

/// The report formats `replay` and `report` write.
enum ReportFormat: String, CaseIterable {
    case md, html, json, junit, matrix
}

/// Renders reports and delivers them to standard output or, atomically, to `--output`.
enum ReportOutput {
    /// `report` in `format`.
    static func render(_ report: Report, as format: ReportFormat) -> String {
        switch format {
        case .md: report.markdown
        case .html: report.html()
        case .json: report.json.rendered() + "\n"
        case .junit: report.junit
        case .matrix: report.matrix
        }
    }

    /// Writes `output` to `path` (atomically) or returns it as standard output; when
    /// written, `summary` tells on standard error what went where.
    static func deliver(
        _ output: String, to path: String?, exitCode: Int32, summary: String, standardError: String = ""
    ) throws(CLIError) -> CLIResult {
        guard let path else {
            return CLIResult(exitCode: exitCode, standardOutput: output, standardError: standardError)
        }
        do {
            try AtomicFile.write(output, to: path)
        } catch {
            throw .dataError("\(path): cannot be written (\(error.localizedDescription))")
        }
        return CLIResult(exitCode: exitCode, standardError: standardError + "ime-harness: wrote \(path): \(summary)\n")
    }
}
