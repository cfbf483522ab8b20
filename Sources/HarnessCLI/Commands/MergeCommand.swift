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
        return try merge(
            parsed, read: { node throws(JSONDecodingError) in try FuzzResult(json: node) }, merging: FuzzResult.merging,
            json: \.json, outcome: { merged in (merged.failures.isEmpty ? 0 : 1, FuzzCommand.summary(merged), nil) })
    }

    /// Reads every part as `read` decodes it, merges them, and writes the merged JSON;
    /// `outcome` gives the exit code, the summary line and the verdict line, if any.
    static func merge<Part>(
        _ parsed: ParsedArguments, read: (JSONNode) throws(JSONDecodingError) -> Part,
        merging: ([Part]) throws(MergeError) -> Part, json: (Part) -> JSONValue,
        outcome: (Part) -> (exitCode: Int32, summary: String, verdict: String?)
    ) throws(CLIError) -> CLIResult {
        var parts: [Part] = []
        for path in parsed.positionals {
            parts.append(try CommandInputs.results(path) { node in try read(node) })
        }
        let merged: Part
        do {
            merged = try merging(parts)
        } catch {
            throw .merge(error)
        }
        let (exitCode, summary, verdict) = outcome(merged)
        var result = try ReportOutput.deliver(
            json(merged).rendered() + "\n", to: parsed.value("--output"), inputs: RunInputs(parsed, command: .merge),
            exitCode: exitCode, summary: summary)
        if let verdict { result.verdict = TerminalLine.diagnostic(verdict) }
        return result
    }
}

extension MergeCommand {
    /// `merge` of `keyboard-fuzz --format json` shards.
    static func mergeKeyboard(_ parsed: ParsedArguments) throws(CLIError) -> CLIResult {
        try merge(
            parsed, read: { node throws(JSONDecodingError) in try KeyboardFuzzResult(json: node) },
            merging: KeyboardFuzzResult.merging, json: \.json,
            outcome: { merged in
                (
                    merged.failures.isEmpty ? 0 : 1,
                    "\(merged.iterations) sessions, \(merged.failures.count) minimised counterexamples", nil
                )
            })
    }

    /// `merge` of `replay --shard I/N --format json` parts: the unsharded run's JSON.
    static func mergeReplay(_ parsed: ParsedArguments) throws(CLIError) -> CLIResult {
        try merge(
            parsed, read: { node throws(JSONDecodingError) in try Report(json: node) }, merging: Report.merging,
            json: \.json,
            outcome: { merged in
                (
                    merged.exitCode, "sessions \(merged.sessionCount), discrepancies \(merged.findingCount)",
                    merged.headline
                )
            })
    }
}
