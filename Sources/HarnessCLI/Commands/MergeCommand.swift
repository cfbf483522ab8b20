import Fuzzing
import HarnessJSON
import KeyboardOverlap
import Reporting

/// `ime-harness merge`: fuzz results of several shards as one.
enum MergeCommand: Command {
    static let spec = CommandSpec(
        name: .merge,
        abstract: "Combine the JSON results of replay, fuzz or keyboard-fuzz shards.",
        arguments: "RESULTS.json...",
        discussion: CommandSpec.paragraph(
            """
            Combines the --format json results of shards of one campaign (the same rule and \
            seed) into one: iterations and seconds summed, and per property the failure of \
            the lowest iteration, as a single run over all the shards would report it. \
            Shards of 'keyboard-fuzz' (the same handler and seed) merge the same way, per \
            invariant and profile. Shards of 'replay --shard I/N --format json' merge into \
            the JSON the unsharded replay writes.
            """),
        options: [
            .value(
                "--output", "PATH", help: "Write the merged results to PATH (atomically) instead of standard output.")
        ])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        guard !parsed.positionals.isEmpty else { throw .missingArgument("RESULTS.json", command: .merge) }
        let first = try CommandInputs.results(parsed.positionals[0]) { node in
            try node.optionalMember("format")?.string()
        }
        if first == KeyboardFuzzResult.format { return try mergeKeyboard(parsed) }
        let isReplay = try CommandInputs.results(parsed.positionals[0]) { node in
            try node.optionalMember("summary")?.optionalMember("run")?.string() == "replay"
        }
        if isReplay { return try mergeReplay(parsed) }
        var results: [FuzzResult] = []
        for path in parsed.positionals {
            results.append(try CommandInputs.results(path) { try FuzzResult(json: $0) })
        }
        let merged: FuzzResult
        do {
            merged = try FuzzResult.merging(results)
        } catch {
            throw .merge(error)
        }
        return try ReportOutput.deliver(
            merged.json.rendered() + "\n", to: parsed.value("--output"), inputs: parsed.positionals,
            exitCode: merged.failures.isEmpty ? 0 : 1,
            summary: FuzzCommand.summary(merged))
    }
}

extension MergeCommand {
    /// `merge` of `keyboard-fuzz --format json` shards.
    static func mergeKeyboard(_ parsed: ParsedArguments) throws(CLIError) -> CLIResult {
        var results: [KeyboardFuzzResult] = []
        for path in parsed.positionals {
            results.append(try CommandInputs.results(path) { try KeyboardFuzzResult(json: $0) })
        }
        let merged: KeyboardFuzzResult
        do {
            merged = try KeyboardFuzzResult.merging(results)
        } catch {
            throw .merge(error)
        }
        return try ReportOutput.deliver(
            merged.json.rendered() + "\n", to: parsed.value("--output"), inputs: parsed.positionals,
            exitCode: merged.failures.isEmpty ? 0 : 1,
            summary: "\(merged.iterations) sessions, \(merged.failures.count) minimised counterexamples")
    }
}

extension MergeCommand {
    /// `merge` of `replay --shard I/N --format json` parts: the unsharded run's JSON.
    static func mergeReplay(_ parsed: ParsedArguments) throws(CLIError) -> CLIResult {
        var parts: [Report] = []
        for path in parsed.positionals {
            parts.append(try CommandInputs.results(path) { try Report(json: $0) })
        }
        let merged: Report
        do {
            merged = try Report.merging(parts)
        } catch {
            throw .merge(error)
        }
        var result = try ReportOutput.deliver(
            merged.json.rendered() + "\n", to: parsed.value("--output"), inputs: parsed.positionals,
            exitCode: merged.exitCode,
            summary: "sessions \(merged.sessionCount), discrepancies \(merged.findingCount)")
        result.verdict = TerminalLine.diagnostic(merged.headline)
        return result
    }
}
