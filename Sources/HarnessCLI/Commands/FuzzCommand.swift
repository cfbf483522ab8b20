import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import InputRules
import Reporting

/// `ime-harness fuzz`: generated sessions against one rule's properties, failures minimised.
enum FuzzCommand: Command {
    static let spec = CommandSpec(
        name: .fuzz,
        abstract: "Generate sessions against a rule's properties and shrink what fails.",
        discussion: CommandSpec.paragraph(
            """
            Generates input-method sessions (Pinyin, Zhuyin, Hangul, kana, emoji, pastes, \
            deletions, caret moves, multi-range edits) with hostile text, replays each under \
            every profile with the rule inside, and checks the properties that apply to the \
            rule's contract: \(FuzzProperty.allCases.map(\.rawValue).joined(separator: ", ")). \
            The first failure of each property is shrunk to a minimal session.
            """)
            + "\n\n"
                + """
                With --segmentation, generated hostile text goes through ICU's grapheme break
                iterator and through Swift's Character segmentation instead, and every text on
                which they disagree is reported, minimised (not failed: Swift follows its own
                Unicode version, as 'conformance' reports); the harness's own segmentation is
                checked against ICU's iterator on the same texts, and fails the run (exit 1)
                where it departs (--seed, --iterations and --format text or json apply).
                """,
        options: [
            .value(
                "--rule", "SPEC|FILE", required: true,
                help: "The rule (a spec or a JSON rule file); required, except with --segmentation."),
            .value(
                "--seed", "N",
                help:
                    "The campaign's seed (default 0): the same seed and iteration count give the same failures, byte for byte."
            ),
            .value("--iterations", "N", help: "Sessions to generate (default 10000 unless --seconds is given)."),
            .value("--seconds", "N", help: "Stop after N seconds instead (at most a week)."),
            .value(
                "--shard", "I/N",
                help:
                    "Only iterations i with i % N == I - 1 (default 1/1); shards 1/N … N/N together cover exactly what 1/1 covers."
            ),
            .value(
                "--save", "DIR",
                help: """
                    Write each minimised session to DIR/<id>.json; DIR is also the failure \
                    database: its counterexamples of this rule are replayed first.
                    """),
            .value(
                "--max-failures", "N",
                help: "Stop once N root causes are found (1: fail fast); the run still reports them all."),
            .value(
                "--progress", "FORMAT", choices: ["text", "json"],
                help: """
                    Progress on standard error: on a terminal a line redrawn in place, elsewhere \
                    (CI logs) a line every 10 s (text, default), or JSON Lines every 5 s \
                    ({"sessions", "rate", "failed", "seconds"}).
                    """),
            .value(
                "--format", "FORMAT", choices: ["text"] + ReportFormat.allCases.map(\.rawValue),
                help: "text (default): each failure and its minimised session; "
                    + ReportFormat.help(ReportFormat.allCases, default: nil)
                    + " A report shows one counterexample per root cause."),
            .value("--output", "PATH", help: "Write the output to PATH (atomically) instead of standard output."),
            .value(
                "--profile", "NAME", repeatable: true,
                help: """
                    A profile (repeatable; default: every shipped profile); `all` adds every \
                    alternative profile, which the fuzzer then draws like the others.
                    """),
            .value(
                "--profiles", "DIR",
                help: "Where profiles are (default: Corpora/profiles of a checkout around, else the built-in ones)."),
            .value(
                "--inventory", "DIR",
                help:
                    "Where the fuzzing inventories are (default: Corpora/fuzzing of a checkout around, else the built-in ones)."
            ),
            .value(
                "--keyboard", "TYPE",
                help: """
                    Type on this keyboard (UIKit's keyboardType: \
                    \(KeyboardType.allCases.map(\.rawValue).joined(separator: ", "))) instead of \
                    every input method: its keys only, pastes of anything; a pad's keys and the \
                    rule's device follow --region. Checks key-refused on the pads.
                    """),
            .value(
                "--region", "TAG",
                help:
                    "The device's region format (BCP 47, default en-US): a number or decimal pad's digits and separator."
            ),
            .flag("--segmentation", help: "Differential segmentation fuzzing (ICU against Swift)."),
        ],
        exitCodes: "Exit codes: 0 no property failed, 1 a property failed, 2 a usage or input error.")

    /// The longest campaign `--seconds` asks for: a week (longer ones are sharded).
    static let maximumSeconds: Double = 7 * 24 * 3600

    /// The most sessions (or texts) `--iterations` asks for: 10^11, far more than a week
    /// of fuzzing generates; a larger count is a run that cannot end, like `--seconds inf`.
    static let maximumIterations = 100_000_000_000

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        try parsed.rejectPositionals()
        let format =
            try parsed.value("--format").map { raw throws(CLIError) -> ReportFormat? in
                if raw == "text" { return nil }
                guard let format = ReportFormat(rawValue: raw) else {
                    throw .invalidValue(
                        option: "--format", value: raw,
                        expected: "one of text, " + ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return format
            } ?? nil
        if parsed.flag("--segmentation") {
            guard format == nil || format == .json else {
                throw .invalidValue(
                    option: "--format", value: format?.rawValue ?? "", expected: "text or json with --segmentation")
            }
            return try segmentation(parsed, format: format == .json ? .json : .text)
        }
        let campaign = try Campaign(parsed)
        let maxFailures = try parsed.count("--max-failures", Int.self, maximum: 1_000_000)
        if maxFailures == 0 {
            throw .invalidValue(option: "--max-failures", value: "0", expected: "a number of failures from 1")
        }
        // The --save directory is also the failure database: what it holds of this rule is
        // replayed first, and what still fails is reported before anything is generated.
        let database = parsed.value("--save").map { directory in
            FileManager.default.fileExists(atPath: directory) ? SessionFiles.load([directory]).sessions : []
        }
        let saved = campaign.fuzzer.recheck(database ?? [])
        let result = campaign.fuzzer.run(
            seed: campaign.seed, iterations: campaign.iterations, seconds: campaign.seconds, shard: campaign.shard,
            maxFailures: maxFailures, saved: saved,
            progress: progress(context, format: parsed.value("--progress") ?? "text"))
        let inputs = RunInputs(parsed, command: .fuzz)
        let written = try save(
            result.failures.map(\.session), to: parsed.value("--save"), inputs: inputs.excluding(parsed.value("--save"))
        )
        let output =
            format.map { result.rendered($0, profiles: campaign.profiles.map(\.name)) }
            ?? text(result, properties: campaign.fuzzer.properties, reproduce: reproduceCommand(parsed))
        return try ReportOutput.deliver(
            output, to: parsed.value("--output"),
            inputs: inputs,
            exitCode: result.failures.isEmpty ? 0 : 1,
            summary: summary(result),
            standardError: (saved.isEmpty
                ? ""
                : TerminalLine.diagnostic(
                    "\(saved.count) saved counterexample(s) in \(parsed.value("--save") ?? "") still fail"))
                + written.map { TerminalLine.diagnostic("wrote \($0)") }.joined())
    }

    /// How long a campaign runs and which part of it: `--seed`, `--iterations` or
    /// `--seconds`, `--shard`, checked (`fuzz` and `keyboard-fuzz` alike).
    struct Bounds {
        var seed: UInt64
        var iterations: Int?
        var seconds: Double?
        var shard: Shard

        init(_ parsed: ParsedArguments, command: CommandName, defaultIterations: Int) throws(CLIError) {
            seed = try parsed.count("--seed", UInt64.self) ?? 0
            let iterations = try parsed.count("--iterations", Int.self, maximum: maximumIterations)
            seconds = try parsed.value("--seconds").map { text throws(CLIError) in
                // `Double` reads "inf" and "1e300" too: a campaign that cannot end is a usage error.
                guard let value = Double(text), value > 0, value <= maximumSeconds else {
                    throw .invalidValue(
                        option: "--seconds", value: text,
                        expected: "a number of seconds above 0 and at most \(Int(maximumSeconds)) (a week)")
                }
                return value
            }
            if iterations != nil, seconds != nil {
                throw .conflictingArguments("--iterations", "--seconds", command: command)
            }
            self.iterations = seconds == nil ? (iterations ?? defaultIterations) : nil
            shard = try CommandInputs.shard(parsed) ?? .all
        }
    }

    /// What a campaign's options ask for, checked.
    struct Campaign {
        var spec: String
        var fuzzer: Fuzzer
        var profiles: [PlatformProfile]
        var inventory: String
        var seed: UInt64
        var iterations: Int?
        var seconds: Double?
        var shard: Shard

        init(_ parsed: ParsedArguments) throws(CLIError) {
            guard let spec = parsed.value("--rule") else { throw .missingArgument("--rule SPEC", command: .fuzz) }
            let rules = try CommandInputs.rules([spec])
            guard rules.count == 1, let rule = rules.first else {
                throw .invalidValue(option: "--rule", value: spec, expected: "one rule")
            }
            self.spec = spec
            let bounds = try Bounds(parsed, command: .fuzz, defaultIterations: 10_000)
            (seed, iterations, seconds, shard) = (bounds.seed, bounds.iterations, bounds.seconds, bounds.shard)
            profiles = try CommandInputs.profiles(parsed)
            let (inventory, directory) = try CommandInputs.inventory(parsed)
            self.inventory = directory
            let keyboard = try FuzzCommand.keyboard(parsed)
            do {
                fuzzer = try Fuzzer(rule: rule, profiles: profiles, inventory: inventory, keyboard: keyboard)
            } catch {
                throw .icu(error)
            }
        }
    }

    /// The keyboard `--keyboard` and `--region` ask for; `nil` for the input methods' sessions.
    private static func keyboard(_ parsed: ParsedArguments) throws(CLIError) -> KeyboardKeys? {
        let region = parsed.value("--region")
        guard let name = parsed.value("--keyboard") else {
            if let region { throw .invalidValue(option: "--region", value: region, expected: "--keyboard with it") }
            return nil
        }
        guard let type = KeyboardType(rawValue: name) else {
            throw .invalidValue(
                option: "--keyboard", value: name,
                expected: "one of " + KeyboardType.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let tag = region ?? "en-US"
        do {
            return try KeyboardKeys(Keyboard(type, region: tag), locale: nil)
        } catch {
            throw .invalidValue(
                option: "--region", value: tag, expected: "a BCP 47 region ICU has data for (de-DE, ar-EG)")
        }
    }

    /// A progress callback: sessions, rate and failures on a terminal's progress line;
    /// elsewhere a whole line every 10 s, or with `json` a JSON Line every 5 s.
    static func progress(_ context: CommandContext, format: String, failed noun: String = "properties failed")
        -> ((Int, Int) -> Void)?
    {
        let started = Date()
        var last = started
        func rate(_ done: Int, _ now: Date) -> Int { Int(Double(done) / max(now.timeIntervalSince(started), 0.001)) }
        if format == "json", let log = context.log {
            return { done, failed in
                let now = Date()
                guard now.timeIntervalSince(last) >= 5 else { return }
                last = now
                let seconds = (now.timeIntervalSince(started) * 10).rounded() / 10
                log(
                    JSONValue.object([
                        ("sessions", .int(done)), ("rate", .int(rate(done, now))), ("failed", .int(failed)),
                        ("seconds", .double(seconds)),
                    ]).rendered(pretty: false) + "\n")
            }
        }
        if let show = context.progress {
            return { done, failed in
                show("fuzz: \(done) sessions, \(rate(done, Date()))/s, \(failed) \(noun) so far")
            }
        }
        guard let log = context.log else { return nil }
        return { done, failed in
            let now = Date()
            guard now.timeIntervalSince(last) >= 10 else { return }
            last = now
            log("ime-harness: fuzz: \(done) sessions, \(rate(done, now))/s, \(failed) \(noun) so far\n")
        }
    }

    /// Writes each session to `directory/<id>.json` (atomically) and returns the paths.
    private static func save(_ sessions: [Session], to directory: String?, inputs: RunInputs) throws(CLIError)
        -> [String]
    {
        try save(sessions.map { ($0.id, $0.document) }, to: directory, inputs: inputs)
    }

    /// Writes each document to `directory/<id>.json` (atomically; the id made a safe name
    /// by ``FileNames``) and returns the paths; none may be one of `inputs`.
    static func save(
        _ documents: [(id: String, document: String)], to directory: String?, inputs: RunInputs
    ) throws(CLIError) -> [String] {
        guard let directory else { return [] }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .directoryNotWritable(path: directory, reason: error.localizedDescription)
        }
        var names = FileNames(directory: directory)
        var paths: [String] = []
        for (id, document) in documents {
            let path = names.path(for: id, suffix: ".json")
            do {
                try AtomicFile.write(document, to: path, notOver: inputs.files)
            } catch {
                throw .write(error)
            }
            paths.append(path)
        }
        return paths
    }

    /// `fuzz --segmentation`.
    private static func segmentation(_ parsed: ParsedArguments, format: PlainFormat) throws(CLIError) -> CLIResult {
        for option in ["--rule", "--seconds", "--shard", "--save", "--output"] where parsed.value(option) != nil {
            throw .conflictingArguments("--segmentation", option, command: .fuzz)
        }
        let seed = try parsed.count("--seed", UInt64.self) ?? 0
        let iterations = try parsed.count("--iterations", Int.self, maximum: maximumIterations) ?? 10_000
        let inventory = try CommandInputs.inventory(parsed).inventory
        let differential: SegmentationDifferential
        do {
            differential = try SegmentationDifferential(inventory: inventory)
        } catch {
            throw .icu(error)
        }
        let result = differential.run(seed: seed, iterations: iterations)
        let own = differential.checkOwnSegmentation(seed: seed, iterations: iterations)
        let output: String
        switch format {
        case .json:
            output =
                JSONValue.object([
                    ("seed", .unsignedInteger(seed)), ("texts", .int(result.texts)),
                    ("clusters", .int(result.clusters)), ("disagreements", .int(result.disagreements)),
                    ("harnessDisagreements", .int(own.disagreements)),
                    (
                        "findings",
                        .array(
                            result.findings.map { finding in
                                .object([
                                    ("text", .string(finding.text)), ("shape", .string(finding.shape)),
                                    ("count", .int(finding.count)), ("icu", .array(finding.icu.map { .int($0) })),
                                    ("swift", .array(finding.swift.map { .int($0) })),
                                ])
                            })
                    ),
                ]).rendered() + "\n"
        case .text:
            var text =
                "segmentation, seed \(seed): \(result.texts) texts, \(result.clusters) clusters (ICU), "
                + "\(result.disagreements) on which ICU and Swift disagree, \(result.findings.count) distinct when minimised\n"
            text +=
                "harness segmentation against ICU's iterator on the same texts: \(own.disagreements) disagreements\n"
            for finding in result.findings {
                text +=
                    "  \"\(finding.text.visibleDescription)\" (\(finding.shape); \(finding.count) texts): ICU \(finding.icu), Swift \(finding.swift)\n"
            }
            output = text
        }
        // Where Swift's Character segmentation departs from ICU's is reported, not failed (as
        // `conformance` does: the stdlib follows its own Unicode version); the run fails when
        // the harness's own segmentation departs from ICU's iterator.
        return CLIResult(exitCode: own.disagreements == 0 ? 0 : 1, standardOutput: output)
    }

    /// `N sessions, P properties failed (F root causes)`.
    static func summary(_ result: FuzzResult) -> String {
        let failed = result.failedProperties.count
        var summary = "\(result.iterations) sessions, \(failed) \(failed == 1 ? "property" : "properties") failed"
        if result.failures.count > failed { summary += " (\(result.failures.count) root causes)" }
        return summary
    }

    /// The campaign in words: each failure with its property and profile, seed and
    /// iteration, the minimised events with the field after each under the failing profile
    /// (and under the others where the property compares profiles), and the command that
    /// reproduces it (`reproduce` with `ITERATIONS` standing for the count to run).
    static func text(_ result: FuzzResult, properties: [FuzzProperty], reproduce: String) -> String {
        let rate = result.seconds > 0 ? Int(Double(result.iterations) / result.seconds) : 0
        var out =
            "fuzz \(result.rule), seed \(result.seed), shard \(result.shards.map(\.description).joined(separator: ","))"
        out += ": \(result.iterations) sessions in \(String(format: "%.1f", result.seconds)) s (\(rate)/s)\n"
        out += "properties: \(properties.map(\.rawValue).joined(separator: ", "))\n"
        if result.failures.isEmpty { out += "no property failed\n" }
        for failure in result.failures {
            let events = failure.session.events.count
            let profile = failure.detail.profile
            out +=
                "\nFAIL \(failure.property.rawValue) under \(profile) (seed \(result.seed), iteration \(failure.iteration); "
            out += "\(failure.originalEvents) events, minimised to \(events) event\(events == 1 ? "" : "s")): "
            out += failure.detail.message + "\n"
            out += "  \(failure.rootCauseLine)\n"
            if let why = failure.detail.why { out += "  why the rule: \(why)\n" }
            // The failing profile first; the others only where the property compares them.
            let shown = failure.traces.filter {
                $0.profile == profile || failure.property == .profileDependent
            }.sorted { ($0.profile == profile ? 0 : 1) < ($1.profile == profile ? 0 : 1) }
            for (index, event) in failure.session.events.enumerated() {
                out += "  \(index): \(event)"
                for trace in shown where index < trace.steps.count {
                    out += "  → \(trace.profile): \"\(trace.steps[index].after.briefNotation)\""
                }
                out += "\n"
            }
            out += "  reproduce: " + reproduce.replacingOccurrences(of: "ITERATIONS", with: "\(failure.iteration + 1)")
            out += "\n"
        }
        return out
    }

    /// The command that runs a campaign's iterations again from 0 (each is generated from
    /// the seed and its index alone, so the failing one comes back as it was), with the
    /// options that shape them; `ITERATIONS` stands for the count.
    static func reproduceCommand(_ parsed: ParsedArguments) -> String {
        func quoted(_ text: String) -> String {
            text.allSatisfy { $0.isLetter || $0.isNumber || "-_.:=/,+".contains($0) }
                ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var words = ["ime-harness", "fuzz", "--rule", quoted(parsed.value("--rule") ?? "none")]
        words += ["--seed", parsed.value("--seed") ?? "0", "--iterations", "ITERATIONS"]
        for option in ["--keyboard", "--region", "--profiles", "--inventory"] {
            if let value = parsed.value(option) { words += [option, quoted(value)] }
        }
        for profile in parsed.all("--profile") { words += ["--profile", quoted(profile)] }
        return words.joined(separator: " ")
    }
}
