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

    /// As ``deliver(_:to:inputs:exitCode:summary:standardError:)``, the output handed over
    /// in pieces by `produce` (to standard output as they come, or to the file), so that
    /// it is never held whole.
    static func deliver(
        producing produce: (_ write: (String) -> Void) -> Void, to path: String?, output: OutputSink,
        inputs: RunInputs, exitCode: Int32, summary: String, standardError: String = ""
    ) throws(CLIError) -> CLIResult {
        guard let path else {
            produce(output.write)
            return CLIResult(exitCode: exitCode, standardError: standardError)
        }
        do {
            try AtomicFile.write(to: path, notOver: inputs.files, produce)
        } catch {
            throw .write(error)
        }
        return CLIResult(
            exitCode: exitCode, standardError: standardError + TerminalLine.diagnostic("wrote \(path): \(summary)"))
    }
}
