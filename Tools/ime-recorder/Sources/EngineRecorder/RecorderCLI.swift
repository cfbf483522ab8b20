import Foundation
import IMEHarness

/// The `ime-record` command line, runnable in-process (the tests call ``run(_:)``).
public enum RecorderCLI {
    static let usage = """
        USAGE: ime-record [--scripts FILE] [--output DIR] [--only ID]... [--check]
               ime-record add --id ID --engine ENGINE --schema SCHEMA --keys KEYS
                              --description TEXT [--initial NOTATION] [--scripts FILE] [--output DIR]
               ime-record loops --rule SPEC... [--scripts FILE] [--only ID]... [--write DIR]
               ime-record speed [--rounds N] [--scripts FILE]
               ime-record fuzz (--rule SPEC | --documented) [--engine ENGINE/SCHEMA]... [--seed N]
                               [--sessions N | --seconds S] [--until PROPERTY]... [--write DIR]

        Drives real input-method engines with key scripts and writes what they do as
        ime-session/1 sessions (source.kind "engine"), one file per script line at
        DIR/<engine>/<id>.json. Every recording starts from a fresh engine with learning
        off, so recording again gives the same bytes.

        The script file has one session per line, six tab-separated columns: id, engine,
        schema, initial field (field notation, empty for an empty field), keys (named keys
        in braces: {space} {BackSpace} {Return} {Escape} {Left} {Right} {Up} {Down} {Tab}
        {Delete} {Home} {End} {Shift+Left} {Shift+Right} {Shift} {Caps_Lock}; {{ for a
        brace), description.

        Engines: rime (luna_pinyin_simp, bopomofo, …), chewing (default), libhangul
        (2, 3f, …), anthy (kana: keys are kana).

        OPTIONS:
          --scripts FILE   The key script file (default Corpora/sessions/recorded/keys.tsv).
          --output DIR     Where sessions go (default: the script file's directory).
          --only ID        Record only this session (repeatable).
          --check          Record into memory and compare with the files in DIR; write nothing.
          add              Append one line to the script file and record it.
          loops            Replay each script with each --rule under both shipped profiles,
                           open loop (the recording) and closed loop (the engine told what the
                           field did), and print per discrepancy kind how many script replays
                           find it in one loop only or in both. With --write DIR, also writes
                           each closed loop's session (DIR/<rule>/<profile>/<id>.json, which
                           `ime-harness replay` reads) and one report per rule and profile
                           (DIR/<rule>/<profile>.md and .json).
          speed            Keys per second of each engine alone (every script of that engine,
                           each on an engine reset first, as every recording is), and of the
                           closed loop through it with max-length:limit=6 under ios26-multi;
                           then key scripts and keys per second of key-level fuzzing of that
                           rule through each of its schemas (100 generated scripts, both
                           profiles, shrinking included); medians of --rounds (default 5).
          fuzz             Key-level fuzzing: generated key scripts (syllables, candidates,
                           symbols, tones, jamo, kana, BackSpace, Return, Escape, arrows,
                           mode switches) typed through each --engine (default:
                           rime/luna_pinyin_simp, rime/bopomofo, chewing/default,
                           libhangul/2, anthy/kana) closed loop under both profiles;
                           the first failure of each property is shrunk over keys. Stops after --sessions scripts, --seconds
                           (default 60), or once every --until property failed. --documented
                           fuzzes each legacy length limiter of the catalogue until its
                           documented failure, one after another. --write DIR keeps each
                           minimised failure as a session (DIR/<rule>/<property>.json), as a
                           key script line (DIR/<rule>/minimised.tsv, which --scripts reads)
                           and a report (DIR/<rule>.md).

        Exit codes: 0 done (or all match; fuzz: no property failed, or with --documented,
        every documented failure found), 1 a recording differs from its file (fuzz: a
        property failed, or a documented failure was not found), 2 a usage, script or
        engine error.
        """

    /// Runs `arguments` (without the program name): exit code, standard output, standard error.
    public static func run(_ arguments: [String]) -> (Int32, String, String) {
        do throws(RecorderError) {
            if arguments.contains("--help") || arguments.contains("-h") { return (0, usage + "\n", "") }
            var rest = arguments
            let adding = rest.first == "add"
            let looping = rest.first == "loops"
            let timing = rest.first == "speed"
            if rest.first == "fuzz" {
                let options = try parse(
                    Array(rest.dropFirst()),
                    valued: ["--rule", "--engine", "--seed", "--sessions", "--seconds", "--until", "--write"],
                    flags: ["--documented"])
                return try fuzz(options)
            }
            if adding || looping || timing { rest.removeFirst() }
            if timing {
                let options = try parse(rest, valued: ["--scripts", "--rounds"], flags: [])
                let rounds = options.values["--rounds"]?.last.map { Int($0) } ?? 5
                guard let rounds, (1...1000).contains(rounds) else {
                    throw .usage("--rounds needs a whole number from 1 to 1000")
                }
                let scripts = options.values["--scripts"]?.last ?? "Corpora/sessions/recorded/keys.tsv"
                return try speed(try ScriptFile.read(scripts), rounds: rounds)
            }
            let options = try parse(
                rest,
                valued: adding
                    ? ["--id", "--engine", "--schema", "--keys", "--description", "--initial", "--scripts", "--output"]
                    : looping ? ["--scripts", "--only", "--rule", "--write"] : ["--scripts", "--output", "--only"],
                flags: adding || looping ? [] : ["--check"])
            let scripts = options.values["--scripts"]?.last ?? "Corpora/sessions/recorded/keys.tsv"
            let output = options.values["--output"]?.last ?? (scripts as NSString).deletingLastPathComponent
            if adding { return try add(options, scripts: scripts, output: output) }
            var lines = try ScriptFile.read(scripts)
            if let only = options.values["--only"] {
                for id in only where !lines.contains(where: { $0.id == id }) {
                    throw .usage("--only \(id): no line of \(scripts) has this id")
                }
                lines = lines.filter { only.contains($0.id) }
            }
            if looping {
                return try loops(lines, rules: options.values["--rule"] ?? [], write: options.values["--write"]?.last)
            }
            return try record(lines, output: output, check: options.flags.contains("--check"))
        } catch {
            return (2, "", "ime-record: \(error)\n")
        }
    }

    /// Records `lines`; with `check`, compares instead of writing.
    static func record(_ lines: [ScriptLine], output: String, check: Bool) throws(RecorderError) -> (
        Int32, String, String
    ) {
        let directory =
            NSTemporaryDirectory() + "ime-record-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recorder = Recorder(engines: EngineSet(directory: directory))
        var out = ""
        var differing: [String] = []
        for line in lines {
            let session = try recorder.record(line)
            let text = session.document
            let path = output + "/\(line.engine)/\(line.id).json"
            if check {
                let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
                if existing != text { differing.append(path) }
                continue
            }
            try writeFile(text, to: path)
            out += "wrote \(path) (\(session.events.count) events)\n"
        }
        if check {
            out += "\(lines.count - differing.count) of \(lines.count) recordings match their files\n"
            let errors = differing.map { "ime-record: \($0) differs from a fresh recording\n" }.joined()
            return (differing.isEmpty ? 0 : 1, out, errors)
        }
        return (0, out, "")
    }

    /// `loops`: the open and closed loops of `lines` compared for each rule.
    static func loops(_ lines: [ScriptLine], rules specs: [String], write: String?) throws(RecorderError) -> (
        Int32, String, String
    ) {
        guard !specs.isEmpty else { throw .usage("loops: give at least one --rule SPEC") }
        let directory =
            NSTemporaryDirectory() + "ime-record-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recorder = Recorder(engines: EngineSet(directory: directory))
        var out = ""
        for spec in specs {
            let rule: any InputRule
            do {
                rule = try Rules.named(spec)
            } catch {
                throw .usage("--rule \(spec): \(error)")
            }
            let comparison = try LoopComparison(rule: rule, lines: lines, profiles: Profile.all, recorder: recorder)
            out += comparison.summary + "\n"
            if let write { out += try writeLoops(comparison, to: write) }
        }
        return (0, out, "")
    }

    /// Writes each closed loop's session and a report per profile under `directory`/<rule>;
    /// what it wrote, in a line.
    static func writeLoops(_ comparison: LoopComparison, to directory: String) throws(RecorderError) -> String {
        // The spec names the directory, made a safe file name (as every name from input is).
        var ruleNames = FileNames(directory: directory)
        let ruleDirectory = ruleNames.path(for: comparison.rule)
        var files = 0
        func put(_ text: String, _ path: String) throws(RecorderError) {
            try writeFile(text, to: path)
            files += 1
        }
        for profile in Profile.all.map(\.name) {
            let rows = comparison.rows.filter { $0.profile == profile }
            guard !rows.isEmpty else { continue }
            let base = ruleDirectory + "/" + FileNames.component(profile)
            var scripts = FileNames(directory: base)
            for row in rows { try put(row.loop.session.document, scripts.path(for: row.script, suffix: ".json")) }
            let loops = rows.map(\.loop)
            try put(ClosedLoopResult.rendered(loops, .markdown), base + ".md")
            try put(ClosedLoopResult.rendered(loops, .json), base + ".json")
        }
        return "  wrote \(files) files under \(ruleDirectory)\n"
    }

    /// `speed`: keys per second per engine, alone and in the closed loop.
    static func speed(_ lines: [ScriptLine], rounds: Int) throws(RecorderError) -> (Int32, String, String) {
        let directory =
            NSTemporaryDirectory() + "ime-record-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engines = EngineSet(directory: directory)
        let recorder = Recorder(engines: engines)
        let rule: any InputRule
        do {
            rule = try Rules.named("max-length:limit=6")
        } catch {
            throw .usage("\(error)")
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        var out = "ime-record speed: keys per second, one core, medians of \(rounds) rounds\n"
        for name in ["rime", "chewing", "libhangul", "anthy"] {
            let mine = lines.filter { $0.engine == name }
            guard !mine.isEmpty else { continue }
            var keys = 0
            var scripts: [(any InputEngine, [Key])] = []
            for line in mine {
                let parsed = try KeyScript.parse(line.keys)
                scripts.append((try engines.engine(line.engine, schema: line.schema), parsed))
                keys += parsed.count
            }
            var alone: [Double] = []
            var looped: [Double] = []
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                for (engine, parsed) in scripts {
                    try engine.reset()
                    for key in parsed { _ = engine.press(key) }
                }
                alone.append(Double(keys) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
                let loopStart = DispatchTime.now().uptimeNanoseconds
                for line in mine { _ = try recorder.replay(line, rule: rule, profile: .ios26Multi) }
                looped.append(Double(keys) / (Double(DispatchTime.now().uptimeNanoseconds - loopStart) / 1e9))
            }
            out +=
                "  " + name.padding(toLength: 10, withPad: " ", startingAt: 0)
                + String(
                    format: "%3d scripts, %4d keys: engine alone %9.0f keys/s, closed loop %9.0f keys/s (%.2f×)\n",
                    mine.count, keys, median(alone), median(looped), median(looped) / median(alone))
            // Key-level fuzzing through each of the engine's fuzzed schemas: generated scripts
            // under both profiles, the properties checked, shrinking included.
            for target in fuzzedEngines where target.hasPrefix(name + "/") {
                let vocabulary = try KeyVocabulary.make(
                    engine: name, schema: String(target.dropFirst(name.count + 1)))
                let fuzzer = KeyFuzzer(
                    rule: rule, vocabularies: [vocabulary], profiles: Profile.all, recorder: recorder)
                var scripts: [Double] = []
                var typed: [Double] = []
                for _ in 0..<rounds {
                    let outcome = try fuzzer.run(seed: 0, sessions: 100, seconds: nil)
                    scripts.append(Double(outcome.sessions) / outcome.seconds)
                    typed.append(Double(outcome.keys) / outcome.seconds)
                }
                out += String(
                    format: "    key-level fuzzing %@: %6.0f key scripts/s, %8.0f keys/s\n", target, median(scripts),
                    median(typed))
            }
        }
        return (0, out, "")
    }

    /// The engines `fuzz` types through when no --engine is given.
    static let fuzzedEngines = [
        "rime/luna_pinyin_simp", "rime/bopomofo", "chewing/default", "libhangul/2", "anthy/kana",
    ]

    /// `fuzz`: key-level fuzzing of one rule, or of each legacy limiter until its
    /// documented failure.
    static func fuzz(_ options: Options) throws(RecorderError) -> (Int32, String, String) {
        let documented = options.flags.contains("--documented")
        let specs = options.values["--rule"] ?? []
        guard documented != !specs.isEmpty, specs.count <= 1 else {
            throw .usage("fuzz: give one --rule SPEC, or --documented")
        }
        func number<T: FixedWidthInteger>(_ name: String, _ range: ClosedRange<T>) throws(RecorderError) -> T? {
            guard let text = options.values[name]?.last else { return nil }
            guard let value = T(text), range.contains(value) else {
                throw .usage("\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        let seed = try number("--seed", UInt64.min...UInt64.max) ?? 0
        let sessions = try number("--sessions", 1...10_000_000)
        var seconds: Double? = sessions == nil ? 60 : nil
        if let text = options.values["--seconds"]?.last {
            guard let value = Double(text), value > 0, value <= 7 * 24 * 3600 else {
                throw .usage("--seconds needs a number above 0 and at most a week (604800)")
            }
            seconds = value
        }
        let properties = FuzzCampaign.allProperties
        for property in options.values["--until"] ?? [] where !properties.contains(property) {
            throw .usage("--until \(property): no such property (known: \(properties.joined(separator: ", ")))")
        }
        let directory =
            NSTemporaryDirectory() + "ime-record-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recorder = Recorder(engines: EngineSet(directory: directory))
        var vocabularies: [KeyVocabulary] = []
        for target in options.values["--engine"] ?? fuzzedEngines {
            let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw .usage("--engine \(target): write ENGINE/SCHEMA, e.g. rime/luna_pinyin_simp")
            }
            vocabularies.append(try KeyVocabulary.make(engine: parts[0], schema: parts[1]))
        }
        var runs: [(spec: String, until: Set<String>)] = []
        if documented {
            for (spec, property) in FuzzCampaign.documentedFailures where try rule(spec).contract.limit != nil {
                runs.append((spec, [property]))
            }
        } else {
            runs = [(specs[0], Set(options.values["--until"] ?? []))]
        }
        var out = ""
        var missed: [String] = []
        var failed = false
        for run in runs {
            let fuzzer = KeyFuzzer(
                rule: try rule(run.spec), vocabularies: vocabularies, profiles: Profile.all, recorder: recorder)
            let outcome = try fuzzer.run(seed: seed, sessions: sessions, seconds: seconds, until: run.until)
            out += describe(outcome, seed: seed, engines: vocabularies.map { "\($0.engine)/\($0.schema)" })
            failed = failed || !outcome.failures.isEmpty
            for property in run.until.sorted() where !outcome.failures.contains(where: { $0.property == property }) {
                missed.append("\(run.spec) \(property)")
            }
            if let write = options.values["--write"]?.last { out += try writeFuzz(outcome, to: write) }
        }
        if documented {
            let errors = missed.map { "ime-record: the documented failure \($0) was not found\n" }.joined()
            return (missed.isEmpty ? 0 : 1, out, errors)
        }
        return (failed ? 1 : 0, out, "")
    }

    static func rule(_ spec: String) throws(RecorderError) -> any InputRule {
        do {
            return try Rules.named(spec)
        } catch {
            throw .usage("--rule \(spec): \(error)")
        }
    }

    /// A fuzzing run, as `fuzz` prints it.
    static func describe(_ outcome: KeyFuzzer.Outcome, seed: UInt64, engines: [String]) -> String {
        var out =
            "\(outcome.rule): seed \(seed), \(engines.joined(separator: ", ")); checks \(outcome.properties.joined(separator: ", "))\n"
        out += String(
            format: "  %d key scripts, %d closed loops, %d keys typed in %.1f s (%.0f keys/s)\n", outcome.sessions,
            outcome.replays, outcome.keys, outcome.seconds, Double(outcome.keys) / max(outcome.seconds, 1e-9))
        if outcome.failures.isEmpty { out += "  no property failed\n" }
        for failure in outcome.failures {
            let generated = (try? KeyScript.parse(failure.generated.keys).count) ?? 0
            let minimal = (try? KeyScript.parse(failure.minimised.keys).count) ?? 0
            out += String(
                format: "  %@ under %@ after %.1f s: iteration %d, %d keys shrunk to %d (%d closed loops)\n",
                failure.property, failure.profile, failure.foundAfter, failure.iteration, generated, minimal,
                failure.shrinkReplays)
            out += "    \(failure.minimised.engine)/\(failure.minimised.schema) keys: \(failure.minimised.keys)\n"
            out += "    \(failure.message)\n"
            out += failure.loop.timeline.split(separator: "\n").map { "      \($0)\n" }.joined()
        }
        return out
    }

    /// Writes each minimised failure's session, the minimised scripts as a script file, and
    /// a report of their loops; what it wrote, in a line.
    static func writeFuzz(_ outcome: KeyFuzzer.Outcome, to directory: String) throws(RecorderError) -> String {
        guard !outcome.failures.isEmpty else { return "" }
        var ruleNames = FileNames(directory: directory)
        let base = ruleNames.path(for: outcome.rule)
        let rule = FileNames.component(outcome.rule)
        var sessions = FileNames(directory: base)
        for failure in outcome.failures {
            try writeFile(failure.loop.session.document, to: sessions.path(for: failure.property, suffix: ".json"))
        }
        let lines = outcome.failures.map {
            ScriptLine(
                id: "\(rule)-\($0.property)", engine: $0.minimised.engine, schema: $0.minimised.schema, initial: "",
                keys: $0.minimised.keys,
                description: "\($0.property) under \($0.profile): \($0.message)".map {
                    $0 == "\t" || $0 == "\n" ? " " : $0
                }
                .reduce(into: "") { $0.append($1) })
        }
        try writeFile(
            "# " + ScriptFile.columns.joined(separator: "\t") + "\n" + lines.map { $0.tsv + "\n" }.joined(),
            to: base + "/minimised.tsv")
        try writeFile(ClosedLoopResult.rendered(outcome.failures.map(\.loop), .markdown), to: base + ".md")
        return "  wrote \(outcome.failures.count + 2) files under \(base)\n"
    }

    /// Writes `text` to `path` atomically, making its directory first.
    static func writeFile(_ text: String, to path: String) throws(RecorderError) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .file(path, "cannot be written (\(error.localizedDescription))")
        }
    }

    /// `add`: appends the line, then records it.
    static func add(_ options: Options, scripts: String, output: String) throws(RecorderError) -> (
        Int32, String, String
    ) {
        func value(_ name: String) throws(RecorderError) -> String {
            guard let value = options.values[name]?.last, !value.isEmpty else {
                throw .usage("add: missing \(name)")
            }
            return value
        }
        let line = ScriptLine(
            id: try value("--id"), engine: try value("--engine"), schema: try value("--schema"),
            initial: options.values["--initial"]?.last ?? "", keys: try value("--keys"),
            description: try value("--description"))
        for field in [line.id, line.initial, line.keys, line.description]
        where field.contains("\t") || field.contains("\n") {
            throw .usage("add: \(field.debugDescription) holds a tab or line break, which the script file cannot hold")
        }
        _ = try KeyScript.parse(line.keys)
        let existing = try ScriptFile.read(scripts)
        if existing.contains(where: { $0.id == line.id }) {
            throw .usage("add: id \(line.id) is already in \(scripts)")
        }
        let result = try record([line], output: output, check: false)
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scripts))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((line.tsv + "\n").utf8))
            try handle.close()
        } catch {
            throw .file(scripts, "cannot be appended to (\(error.localizedDescription))")
        }
        return (result.0, result.1 + "added \(line.id) to \(scripts)\n", result.2)
    }

    struct Options {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
    }

    static func parse(_ arguments: [String], valued: Set<String>, flags: Set<String>) throws(RecorderError) -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) {
                options.flags.insert(argument)
                index += 1
            } else if valued.contains(argument) {
                guard index + 1 < arguments.count else { throw .usage("\(argument) needs a value") }
                options.values[argument, default: []].append(arguments[index + 1])
                index += 2
            } else {
                throw .usage("unknown argument '\(argument)'")
            }
        }
        return options
    }
}
