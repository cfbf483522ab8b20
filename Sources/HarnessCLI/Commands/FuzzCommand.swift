import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import InputRules
import Reporting

/// `ime-harness fuzz`: generated sessions against one rule's properties, failures minimised.
enum FuzzCommand {
    static let usage = """
        USAGE: ime-harness fuzz --rule SPEC|FILE [--seed N] [--iterations N | --seconds N]
                                [--shard I/N] [--save DIR] [--format text|json|md|html|junit]
                                [--output PATH] [--profile NAME]... [--profiles DIR]
                                [--inventory DIR]
               ime-harness fuzz --segmentation [--seed N] [--iterations N] [--format text|json]

        Generates input-method sessions (Pinyin, Zhuyin, Hangul, kana, emoji, pastes,
        deletions, caret moves, multi-range edits) with hostile text, replays each under
        every profile with the rule inside, and checks the properties that apply to the
        rule's contract: limit-exceeded, broken-text, composition-interrupted,
        deletion-blocked, profile-dependent, disallowed-class, promise-broken,
        typed-text-lost, committed-text-lost. The first failure of each property is
        shrunk to a minimal session.

        With --segmentation, generated hostile text goes through ICU's grapheme break
        iterator and through Swift's Character segmentation instead, and every text on
        which they disagree is reported, minimised; the harness's own segmentation is
        checked against ICU's iterator on the same texts.

        OPTIONS:
          --rule SPEC       The rule (a spec or a JSON rule file).
          --seed N          The campaign's seed (default 0): the same seed and iteration
                            count give the same failures, byte for byte.
          --iterations N    Sessions to generate (default 10000 unless --seconds is given).
          --seconds N       Stop after N seconds instead.
          --shard I/N       Only iterations i with i % N == I - 1 (default 1/1); shards
                            1/N … N/N together cover exactly what 1/1 covers.
          --save DIR        Write each minimised session to DIR/<id>.json.
          --format FORMAT   text (default); json, the results that 'merge' combines
                            and 'ime-harness report' renders; md, html or junit,
                            the reports 'replay' writes, one counterexample each.
          --output PATH     Write the output to PATH (atomically) instead of standard
                            output.
          --profile NAME    A profile (repeatable; default: every shipped profile).
          --profiles DIR    Where profiles are (default: Corpora/profiles).
          --inventory DIR   Where the fuzzing inventories are (default: Corpora/fuzzing).
          --segmentation    Differential segmentation fuzzing (ICU against Swift).
          -h, --help        Show this help.

        Exit codes: 0 no property failed, 1 a property failed, 2 a usage or input error.
        """

    enum Format: String, CaseIterable { case text, json, md, html, junit }

    static func run(_ arguments: [String]) throws(CLIError) -> CLIResult {
        let parsed = try ParsedArguments(
            arguments, command: "fuzz",
            valued: [
                "--rule", "--seed", "--iterations", "--seconds", "--shard", "--save", "--format", "--output",
                "--profile", "--profiles", "--inventory",
            ], flags: ["--help", "-h", "--segmentation"])
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
            return CLIResult(exitCode: 0, standardOutput: usage + "\n")
        }
        if let extra = parsed.positionals.first { throw .unexpectedArgument(extra, command: "fuzz") }
        let format = try parsed.choice("--format", default: Format.text)
        if parsed.flags.contains("--segmentation") {
            guard format == .text || format == .json else {
                throw .invalidValue(
                    option: "--format", value: format.rawValue, expected: "text or json with --segmentation")
            }
            return try segmentation(parsed, format: format)
        }
        guard let spec = parsed.value("--rule") else { throw .missingArgument("--rule SPEC", command: "fuzz") }
        let rules = try ReplayCommand.resolveRules([spec])
        guard rules.count == 1, let rule = rules.first else {
            throw .invalidValue(option: "--rule", value: spec, expected: "one rule")
        }
        let seed = try number(parsed, "--seed", UInt64.self) ?? 0
        let iterations = try self.iterations(parsed)
        let seconds = try parsed.value("--seconds").map { text throws(CLIError) in
            // `Double` reads "inf" and "1e300" too: a campaign that cannot end is a usage error.
            guard let value = Double(text), value > 0, value <= maximumSeconds else {
                throw .invalidValue(
                    option: "--seconds", value: text,
                    expected: "a number of seconds above 0 and at most \(Int(maximumSeconds)) (a week)")
            }
            return value
        }
        if iterations != nil, seconds != nil {
            throw .conflictingArguments("--iterations", "--seconds", command: "fuzz")
        }
        let shard = try parsed.value("--shard").map { text throws(CLIError) in
            guard let shard = Shard(parsing: text) else {
                throw .invalidValue(option: "--shard", value: text, expected: "I/N with 1 <= I <= N")
            }
            return shard
        }
        let profiles = try ReplayCommand.loadProfiles(parsed)
        let inventoryDirectory: String
        if let given = parsed.value("--inventory") {
            inventoryDirectory = given
        } else {
            inventoryDirectory = try ReplayCommand.corporaDirectory("fuzzing", option: "--inventory")
        }
        let fuzzer: Fuzzer
        do {
            fuzzer = try Fuzzer(
                rule: rule, profiles: profiles, inventory: try Inventory(fuzzingDirectory: inventoryDirectory))
        } catch {
            throw .dataError("\(error)")
        }
        let showProgress = isatty(2) != 0
        let started = Date()
        let result = fuzzer.run(
            seed: seed, iterations: seconds == nil ? (iterations ?? 10_000) : nil, seconds: seconds,
            shard: shard ?? .all
        ) { done, failed in
            guard showProgress else { return }
            let rate = Int(Double(done) / max(Date().timeIntervalSince(started), 0.001))
            FileHandle.standardError.write(
                Data("\rfuzz: \(done) sessions, \(rate)/s, \(failed) properties failed so far".utf8))
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        var standardError = ""
        if let directory = parsed.value("--save") {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for failure in result.failures {
                    let path = directory + "/" + failure.session.id + ".json"
                    try AtomicFile.write(failure.session.json.rendered() + "\n", to: path)
                    standardError += TerminalLine.diagnostic("wrote \(path)")
                }
            } catch let error as AtomicFile.WriteError {
                throw .dataError(error.description)
            } catch {
                throw .dataError("\(directory): cannot be written (\(error.localizedDescription))")
            }
        }
        let report = Report(fuzz: result, profiles: profiles.map(\.name))
        let output =
            switch format {
            case .json: result.json.rendered() + "\n"
            case .text: text(result, properties: fuzzer.properties)
            case .md: ReportOutput.render(report, as: .md)
            case .html: ReportOutput.render(report, as: .html)
            case .junit: ReportOutput.render(report, as: .junit)
            }
        return try ReportOutput.deliver(
            output, to: parsed.value("--output"),
            inputs: ReportOutput.files(under: [spec, inventoryDirectory] + ReplayCommand.profileInputs(parsed)),
            exitCode: result.failures.isEmpty ? 0 : 1,
            summary: "\(result.iterations) sessions, \(result.failures.count) properties failed",
            standardError: standardError)
    }

    /// The longest campaign `--seconds` asks for: a week (longer ones are sharded).
    static let maximumSeconds: Double = 7 * 24 * 3600

    /// `fuzz --segmentation`.
    private static func segmentation(_ parsed: ParsedArguments, format: Format) throws(CLIError) -> CLIResult {
        for option in ["--rule", "--seconds", "--shard", "--save", "--output"] where parsed.value(option) != nil {
            throw .conflictingArguments("--segmentation", option, command: "fuzz")
        }
        let seed = try number(parsed, "--seed", UInt64.self) ?? 0
        let iterations = try self.iterations(parsed) ?? 10_000
        let directory: String
        if let given = parsed.value("--inventory") {
            directory = given
        } else {
            directory = try ReplayCommand.corporaDirectory("fuzzing", option: "--inventory")
        }
        let result: SegmentationDifferential.Result
        let own: (texts: Int, clusters: Int, disagreements: Int)
        do {
            let differential = try SegmentationDifferential(inventory: try Inventory(fuzzingDirectory: directory))
            result = differential.run(seed: seed, iterations: iterations)
            own = differential.checkOwnSegmentation(seed: seed, iterations: iterations)
        } catch {
            throw .dataError("\(error)")
        }
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
        case .text, .md, .html, .junit:
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
        return CLIResult(
            exitCode: result.disagreements == 0 && own.disagreements == 0 ? 0 : 1, standardOutput: output)
    }

    /// The most sessions (or texts) `--iterations` asks for: 10^11, far more than a week
    /// of fuzzing generates; a larger count is a run that cannot end, like `--seconds inf`.
    static let maximumIterations = 100_000_000_000

    private static func iterations(_ parsed: ParsedArguments) throws(CLIError) -> Int? {
        guard let value = try number(parsed, "--iterations", Int.self) else { return nil }
        guard value <= maximumIterations else {
            throw .invalidValue(
                option: "--iterations", value: String(value), expected: "a whole number from 0 to \(maximumIterations)")
        }
        return value
    }

    private static func number<Value: FixedWidthInteger>(_ parsed: ParsedArguments, _ option: String, _: Value.Type)
        throws(CLIError) -> Value?
    {
        guard let text = parsed.value(option) else { return nil }
        guard let value = Value(text), value >= 0 else {
            throw .invalidValue(option: option, value: text, expected: "a whole number from 0")
        }
        return value
    }

    /// The human-readable summary: the run, then each failure with its minimised events.
    static func text(_ result: FuzzResult, properties: [FuzzProperty]) -> String {
        let rate = result.seconds > 0 ? Int(Double(result.iterations) / result.seconds) : 0
        var out =
            "fuzz \(result.rule), seed \(result.seed), shard \(result.shards.map(\.description).joined(separator: ","))"
        out += ": \(result.iterations) sessions in \(String(format: "%.1f", result.seconds)) s (\(rate)/s)\n"
        out += "properties: \(properties.map(\.rawValue).joined(separator: ", "))\n"
        if result.failures.isEmpty { out += "no property failed\n" }
        for failure in result.failures {
            out += "\nFAIL \(failure.property.rawValue) (iteration \(failure.iteration), "
            out += "\(failure.originalEvents) events, minimised to \(failure.session.events.count)): "
            out += failure.detail.message + "\n"
            for (index, event) in failure.session.events.enumerated() {
                out += "  \(index): \(event)\n"
            }
        }
        return out
    }
}

/// `ime-harness merge`: fuzz results of several shards as one.
enum MergeCommand {
    static let usage = """
        USAGE: ime-harness merge RESULTS.json... [--output PATH]

        Combines the --format json results of shards of one campaign (the same rule and
        seed) into one: iterations and seconds summed, and per property the failure of the
        lowest iteration, as a single run over all the shards would report it.
        """

    static func run(_ arguments: [String]) throws(CLIError) -> CLIResult {
        let parsed = try ParsedArguments(arguments, command: "merge", valued: ["--output"], flags: ["--help", "-h"])
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
            return CLIResult(exitCode: 0, standardOutput: usage + "\n")
        }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("RESULTS.json", command: "merge") }
        var results: [FuzzResult] = []
        for path in parsed.positionals {
            guard let data = FileManager.default.contents(atPath: path) else { throw .fileNotFound(path: path) }
            do {
                results.append(try FuzzResult(json: JSONNode(JSONParser.parse(data))))
            } catch {
                throw .dataError("\(path): \(error)")
            }
        }
        let merged: FuzzResult
        do {
            merged = try FuzzResult.merging(results)
        } catch {
            throw .dataError(error.description)
        }
        return try ReportOutput.deliver(
            merged.json.rendered() + "\n", to: parsed.value("--output"), inputs: parsed.positionals,
            exitCode: merged.failures.isEmpty ? 0 : 1,
            summary: "\(merged.iterations) sessions, \(merged.failures.count) properties failed")
    }
}
