import Composition
import Foundation
import KeyboardOverlap
import Reporting

/// `ime-harness keyboard-fuzz`: generated keyboard sessions through one handler, each
/// broken invariant minimised.
enum KeyboardFuzzCommand: Command {
    static let spec = CommandSpec(
        name: .keyboardFuzz,
        abstract: "Fuzz a keyboard-overlap handler with generated keyboard sessions, minimising each failure.",
        arguments: "",
        discussion: CommandSpec.paragraph(
            """
            Generates keyboard sessions (focus changes, input-mode switches, QuickType, \
            rotation, interactive dismissal; on iPad also undocked, split and floating \
            keyboards, hardware keyboards, Split View, Slide Over and Stage Manager windows, \
            another app's keyboard) from --seed, replays each under every keyboard profile of \
            its idiom through the handler, and minimises the first session that breaks each \
            invariant under each profile. The minimised sessions are ordinary \
            ime-keyboard-session/1 files ('ime-harness keyboard' replays them).
            """),
        options: [
            .value(
                "--handler", "NAME", required: true,
                help: "The handler to fuzz: \(KeyboardHandlers.all.map(\.name).joined(separator: ", "))."),
            .value(
                "--profile", "NAME", repeatable: true,
                help: "A keyboard profile (repeatable; default: every shipped keyboard profile)."),
            .value("--seed", "N", help: "The campaign's seed (default 0)."),
            .value("--iterations", "N", help: "Sessions to generate (default 2000 unless --seconds is given)."),
            .value("--seconds", "N", help: "Stop after N seconds instead (at most a week)."),
            .value(
                "--shard", "I/N",
                help: "Run only iterations i with i % N == I - 1; 'merge' combines the shards' JSON results."),
            .value("--max-failures", "N", help: "Stop once N distinct failures are minimised (fail fast)."),
            .value(
                "--save", "DIR",
                help: "Write each minimised session to DIR/<id>.json; what DIR holds of this handler is replayed first."
            ),
            .value(
                "--format", "FORMAT", choices: KeyboardRun.formats.map(\.rawValue),
                help: """
                    md (default): the verdict, each counterexample and its notifications; html: \
                    with a drawing of the screen after each event; json: the campaign's \
                    results (input of 'merge'); junit: JUnit XML.
                    """),
            .value("--output", "PATH", help: "Write the report to PATH (atomically) instead of standard output."),
            .value(
                "--progress", "FORMAT", choices: ["text", "json"],
                help: "Progress without a terminal: a line every 10 s (text), or a JSON Line every 5 s (json)."),
            .value("--keyboard-profiles", "DIR", help: "Where keyboard profiles are (see 'keyboard --help')."),
        ],
        exitCodes: """
            Exit codes: 0 no invariant broke, 1 one did, 2 a usage error.
            """)

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        let format = try parsed.choice("--format", default: ReportFormat.markdown, among: KeyboardRun.formats)
        guard let name = parsed.value("--handler") else {
            throw .missingArgument("--handler NAME", command: .keyboardFuzz)
        }
        guard let handler = try KeyboardCommand.handlers(named: [name]).first else {
            throw .missingArgument("--handler NAME", command: .keyboardFuzz)
        }
        let profiles = try KeyboardCommand.profiles(parsed)
        let bounds = try FuzzCommand.Bounds(parsed, command: .keyboardFuzz, defaultIterations: 2000)
        let maxFailures = try parsed.count("--max-failures", Int.self, maximum: 1_000_000)
        let fuzzer = KeyboardFuzzer(handler: handler, profiles: profiles)
        // --save DIR is also the failure database: its counterexamples of this handler first.
        let database = parsed.value("--save").map { directory in
            FileManager.default.fileExists(atPath: directory) ? KeyboardFiles.load([directory]).sessions : []
        }
        let result = fuzzer.run(
            seed: bounds.seed, iterations: bounds.iterations, seconds: bounds.seconds, shard: bounds.shard,
            maxFailures: maxFailures, saved: fuzzer.recheck(database ?? []),
            progress: FuzzCommand.progress(
                context, format: parsed.value("--progress") ?? "text", failed: "invariants broken"))
        let inputs = RunInputs(parsed, command: .keyboardFuzz)
        let saved = try FuzzCommand.save(
            result.failures.map { ($0.session.id, $0.session.document) }, to: parsed.value("--save"),
            inputs: inputs.excluding(parsed.value("--save")))
        let run = KeyboardRun(fuzz: result, profiles: profiles, handler: handler)
        var delivered = try ReportOutput.deliver(
            run.rendered(format), to: parsed.value("--output"),
            inputs: inputs,
            exitCode: run.exitCode,
            summary:
                "\(result.iterations) sessions, \(result.failures.count) minimised counterexamples"
                + (saved.isEmpty ? "" : ", saved in \(parsed.value("--save") ?? "")"))
        delivered.verdict = TerminalLine.diagnostic(run.headline)
        return delivered
    }
}
