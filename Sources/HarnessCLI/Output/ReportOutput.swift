import Foundation
import Reporting

/// Delivers a command's output to standard output or, atomically, to `--output`.
enum ReportOutput {
    /// Writes `output` to `path` (see ``AtomicFile``: atomically, keeping device nodes and
    /// links, never over one of the run's `inputs`) or returns it as standard output; when
    /// written, `summary` tells on standard error what went where.
    static func deliver(
        _ output: String, to path: String?, inputs: RunInputs, exitCode: Int32, summary: String,
        standardError: String = ""
    ) throws(CLIError) -> CLIResult {
        guard let path else {
            return CLIResult(exitCode: exitCode, standardOutput: output, standardError: standardError)
        }
        do {
            try AtomicFile.write(output, to: path, notOver: inputs.files)
        } catch {
            throw .write(error)
        }
        return CLIResult(
            exitCode: exitCode, standardError: standardError + TerminalLine.diagnostic("wrote \(path): \(summary)"))
    }
}
