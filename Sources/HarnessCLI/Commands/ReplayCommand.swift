import Composition
import Foundation
import Graphemes
import Reporting

/// `ime-harness replay`: sessions × profiles × rules, and every discrepancy.
enum ReplayCommand: Command {
    static let spec = CommandSpec(
        name: .replay,
        abstract: "Replay input-method sessions through iOS delegate models and report discrepancies.",
        arguments: "PATH...",
        discussion: CommandSpec.paragraph(
            """
            Replays the recorded input-method sessions in PATH (.json files with one session, \
            .jsonl files with one per line, directories walked recursively) through each \
            platform profile's delegate model with each rule inside, and reports every \
            discrepancy: \(DiscrepancyKind.allCases.map(\.rawValue).joined(separator: ", ")).
            """),
        options: [
            .value(
                "--profile", "NAME", repeatable: true,
                help: """
                    A profile from the profiles directory, or a path to a profile .json file \
                    (repeatable; default: every shipped profile). `all` adds every alternative \
                    profile (profiles/alternatives: the behaviours the sources leave open), \
                    `alternatives` names them alone; each finding lists the profiles it is \
                    found under, so it says which alternatives it depends on. The Android \
                    profiles `gboard` and `samsung` (`android`: both) replay the sessions as an \
                    Android keyboard sends them, with the shipped Android sessions, under the \
                    Android rules (docs/android.md); reports group the profiles by platform.
                    """),
            .value(
                "--rule", "SPEC|FILE|DIR", repeatable: true,
                help: """
                    NAME[:key=value,...], a JSON rule file (.json), or a directory of them \
                    (repeatable; each rule is replayed separately; default: none). See \
                    'ime-harness rules' for the catalogue. The Android rules \
                    (android-length-filter, android-composition-aware-filter, \
                    android-composition-aware-watcher, flutter-length-limiting, \
                    react-native-max-length; docs/android.md) run under the Android profiles, \
                    every Android profile when none is named.
                    """),
            .value(
                "--format", "FORMAT", choices: ReportFormat.allCases.map(\.rawValue),
                help: ReportFormat.help(ReportFormat.allCases)),
            .value("--output", "PATH", help: "Write the report to PATH (atomically) instead of standard output."),
            .value(
                "--shard", "I/N",
                help: """
                    Replay only the sessions at positions i with i % N == I - 1 (every shard \
                    reads every file); 'merge' combines the shards' --format json results \
                    into the unsharded run's.
                    """),
            .value(
                "--fail-on", "GATE",
                help: """
                    Which findings fail the run (exit 1): rule (what the rules cause), platform \
                    (how the iOS models report changes), all, none, or kinds separated by \
                    commas. Default: rule when --rule is given, else none (the platform's \
                    discrepancies are reported, and the run passes).
                    """),
            .value(
                "--full-report", "URL|PATH",
                help: "With --format summary: where the full report is, named in the summary."),
            .value(
                "--baseline", "FILE",
                help: """
                    Findings accepted beforehand (ime-baseline/1): they do not fail the run; \
                    new ones do, and those no longer found are listed.
                    """),
            .value(
                "--write-baseline", "FILE",
                help: """
                    Write (atomically) a baseline accepting every finding this run's gate \
                    names; the run then passes.
                    """),
            .value(
                "--profiles", "DIR",
                help: """
                    Where profiles are (default: Corpora/profiles, found from the current \
                    directory or the executable's location, else the profiles built into \
                    the binary).
                    """),
        ],
        exitCodes: """
            Exit codes: 0 the run passes (no finding fails it: see --fail-on), 1 a finding
            fails it, 2 a usage error or a session that could not be read (the other
            sessions are still replayed and reported).
            """)

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        let format = try parsed.choice("--format", default: ReportFormat.markdown)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("session PATH", command: .replay) }
        // A mistyped path is a usage error before anything runs: no empty report is written.
        for path in parsed.positionals where !FileManager.default.fileExists(atPath: path) {
            throw .fileNotFound(path: path)
        }
        // Every file the run reads, and the baseline it writes: no output goes over them.
        let inputs = RunInputs(parsed, command: .replay)
        if let baseline = parsed.value("--write-baseline"), let output = parsed.value("--output"),
            AtomicFile.sameFile(baseline, output)
        {
            throw .conflictingArguments("--write-baseline \(baseline)", "--output \(output)", command: .replay)
        }
        // Android's profiles and rules run through the Android replay; the rest as before.
        let (android, iosProfileNames, iosRuleSpecs) = try AndroidPart.split(
            profiles: parsed.values["--profile"], rules: parsed.values["--rule"])
        let runsIOS = iosProfileNames != [] && !iosRuleSpecs.isEmpty
        let profiles = runsIOS ? try CommandInputs.profiles(parsed, names: iosProfileNames) : []
        let rules: [any InputRule]
        do {
            rules = runsIOS ? try CommandInputs.rules(iosRuleSpecs) : []
        } catch .rule(.unknownRule(let name, let known), let path) {
            // A misspelt Android rule is suggested too.
            throw .rule(.unknownRule(name: name, known: (known + AndroidPart.ruleNames).sorted()), path: path)
        }
        if android != nil, let shard = parsed.value("--shard") {
            throw .conflictingArguments("--shard \(shard)", "an Android profile or rule", command: .replay)
        }
        var presented: [Session] = []
        let gate = try gate(parsed)
        let replayer: Replayer
        do {
            replayer = try Replayer()
        } catch {
            throw .icu(error)
        }
        var results: [SessionResult] = []
        // A matrix shows counts only; every other format draws the sessions with findings.
        let traces: TraceKeeping = format == .matrix ? .none : .whenFound
        let baseline = try parsed.value("--baseline").map { path throws(CLIError) in
            try CommandInputs.results(path) { try Baseline(json: $0) }
        }
        var hashes: [String: String] = [:]
        let identified = baseline != nil || parsed.value("--write-baseline") != nil
        let shard = try CommandInputs.shard(parsed)
        var position = 0
        var indices: [Int] = []
        // JSON holds every replay with findings whole, traces and all: each is written to a
        // spill file as it is made, and only what the summary needs is kept.
        let spill = format == .json ? try SpillFile() : nil
        let errors = SessionFiles.forEachSession(under: parsed.positionals) { session in
            defer { position += 1 }
            guard shard?.covers(position) ?? true else { return }
            if identified { hashes[session.id] = session.contentHash }
            if android != nil { presented.append(session) }
            guard runsIOS else { return }
            var replayed = replayer.run(session, profiles: profiles, rules: rules, traces: traces)
            if let spill {
                for index in replayed.indices {
                    let element = Report.sessionJSON(
                        Report.sessionReplay(replayed[index]), index: shard == nil ? nil : position)
                    spill.append(element.rendered(depth: 2), separator: Report.sessionSeparator)
                    replayed[index].traces = []
                }
            }
            results += replayed
            indices += Array(repeating: position, count: replayed.count)
        }
        var report = Report(replay: results, profiles: profiles.map(\.name), rules: rules.map(\.spec), errors: errors)
        if let android {
            let replays = try android.replays(of: presented)
            for replay in replays {
                spill?.append(
                    Report.sessionJSON(replay, index: nil).rendered(depth: 2), separator: Report.sessionSeparator)
            }
            report.sessions += replays
            report.platforms = Dictionary(
                uniqueKeysWithValues: profiles.map { ($0.name, "iOS") } + android.profiles.map { ($0.name, "Android") })
            report.profiles += android.profiles.map(\.name)
            report.rules += android.ruleSpecs.filter { !report.rules.contains($0) }
        }
        report.shard = shard.map { Report.ShardPart(shard: $0, indices: indices) }
        report.gate = gate
        report.sessionHashes = hashes
        report.baseline = baseline
        if let path = parsed.value("--write-baseline") {
            let accepting = report.acceptingBaseline
            do {
                try AtomicFile.write(accepting.json.rendered(), to: path, notOver: inputs.files)
            } catch {
                throw .write(error)
            }
            report.baseline = accepting
        }
        // The short summary a terminal shows beside the verdict: the kinds found, those the
        // gate fails first (the full report is in --output).
        let found = report.kinds.filter { $0.count > 0 }
        func listed(_ kinds: [KindCount]) -> String {
            kinds.map { "\($0.kind.name) \($0.count)" }.joined(separator: ", ")
        }
        let gated = found.filter { report.gate.fails($0.kind) }
        let other = found.filter { !report.gate.fails($0.kind) }
        var summary =
            "sessions \(report.sessionCount), events replayed \(report.eventsReplayed), discrepancies \(report.findingCount)"
        if !gated.isEmpty { summary += "; of kinds --fail-on \(report.gate.name) fails: " + listed(gated) }
        if !other.isEmpty { summary += "; reported: " + listed(other) }
        let standardError = report.errors.map { TerminalLine.diagnostic("\($0)") }.joined()
        var result: CLIResult
        if let spill {
            try spill.finish()
            let (head, tail) = report.jsonAroundSessions
            result = try ReportOutput.deliver(
                producing: { write in
                    write(head)
                    spill.replay(to: write)
                    write(tail + "\n")
                }, to: parsed.value("--output"), output: context.output, inputs: inputs,
                exitCode: report.exitCode, summary: summary, standardError: standardError)
            try spill.finish()
        } else {
            let rendered =
                format == .summary ? report.summary(fullReport: parsed.value("--full-report")) : report.rendered(format)
            result = try ReportOutput.deliver(
                rendered, to: parsed.value("--output"), inputs: inputs, exitCode: report.exitCode, summary: summary,
                standardError: standardError)
        }
        // A session that could not be read is the run's one-line message (exit 2).
        if report.errors.isEmpty { result.verdict = TerminalLine.diagnostic(report.headline) }
        return result
    }

    /// The gate `--fail-on` asks for, or the default: `rule` when rules were given, else `none`.
    static func gate(_ parsed: ParsedArguments) throws(CLIError) -> Gate {
        try gate(parsed, family: .replay, default: parsed.values["--rule"] == nil ? .none : .rule)
    }

    /// The gate `--fail-on` asks for among the kinds of `family`, or `fallback`.
    static func gate(_ parsed: ParsedArguments, family: FindingKind.Family, default fallback: Gate)
        throws(CLIError) -> Gate
    {
        guard let text = parsed.value("--fail-on") else { return fallback }
        switch Gate.parse(text, family: family) {
        case .success(let gate): return gate
        case .failure(let error):
            throw .invalidValue(
                option: "--fail-on", value: error.value,
                expected: "rule, platform, all, none, or kinds separated by commas: "
                    + FindingKind.all(family).map(\.name).joined(separator: ", ")
                    + (error.suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
    }
}
