import Foundation
import Reporting

/// Delivers a command's output to standard output or, atomically, to `--output`.
enum ReportOutput {
    /// Writes `output` to `path` (see ``AtomicFile``: atomically, keeping device nodes and
    /// links, never over one of `inputs`) or returns it as standard output; when written,
    /// `summary` tells on standard error what went where.
    static func deliver(
        _ output: String, to path: String?, inputs: [String] = [], exitCode: Int32, summary: String,
        standardError: String = ""
    ) throws(CLIError) -> CLIResult {
        guard let path else {
            return CLIResult(exitCode: exitCode, standardOutput: output, standardError: standardError)
        }
        do {
            try AtomicFile.write(output, to: path, notOver: inputs)
        } catch {
            throw .write(error)
        }
        return CLIResult(
            exitCode: exitCode, standardError: standardError + TerminalLine.diagnostic("wrote \(path): \(summary)"))
    }

    /// The files at or under `paths` (directories walked, links followed): what a run read,
    /// so that `--output` never names one of them.
    static func files(under paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let walked = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            for entry in (try? FileManager.default.subpathsOfDirectory(atPath: walked)) ?? [] {
                files.append(walked + "/" + entry)
            }
        }
        return files
    }
}
