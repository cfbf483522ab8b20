import Composition
import Foundation
import Graphemes
import HarnessJSON
import InputRules
import Reporting

/// `ime-harness replay`: sessions × profiles × rules, and every discrepancy.
enum ReplayCommand {
    static let usage = """
        USAGE: ime-harness replay [--profile NAME]... [--rule SPEC|FILE|DIR]...
                                  [--format md|html|json|junit|matrix] [--output PATH]
                                  [--profiles DIR] PATH...

        Replays the recorded input-method sessions in PATH (.json files with one session,
        .jsonl files with one per line, directories walked recursively) through each
        platform profile's delegate model with each rule inside, and reports every
        discrepancy: proposed-text-mismatch, length-mismatch, verdict-mismatch,
        final-text-mismatch, range-out-of-bounds, range-splits-surrogate,
        range-splits-grapheme, composition-interrupted, broken-text, limit-exceeded,
        observed-mismatch, expected-text-mismatch.

        OPTIONS:
          --profile NAME    A profile from the profiles directory, or a path to a profile
                            .json file (repeatable; default: every shipped profile).
          --rule SPEC       NAME[:key=value,...], a JSON rule file (.json), or a directory
                            of them (repeatable; each rule is replayed separately;
                            default: none). See 'ime-harness rules' for the catalogue.
          --format FORMAT   md (default): the summary and each discrepancy in field
                            notation; html: one self-contained page with a timeline
                            of every session that has discrepancies; json: the
                            machine shape, input of 'ime-harness report'; junit:
                            JUnit XML for CI; matrix: a table per rule of each
                            session's discrepancy counts per profile.
          --output PATH     Write the report to PATH (atomically) instead of standard output.
          --profiles DIR    Where profiles are (default: Corpora/profiles, found from the
                            current directory or the executable's location).
          -h, --help        Show this help.

        Exit codes: 0 no discrepancy, 1 discrepancies found, 2 a usage error or a session
        that could not be read (the other sessions are still replayed and reported).
        """

    static func run(_ arguments: [String]) throws(CLIError) -> CLIResult {
        let parsed = try ParsedArguments(
            arguments, command: "replay", valued: ["--profile", "--rule", "--format", "--output", "--profiles"],
            flags: ["--help", "-h"])
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
            return CLIResult(exitCode: 0, standardOutput: usage + "\n")
        }
        let format = try parsed.choice("--format", default: ReportFormat.md)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("session PATH", command: "replay") }
        let profiles = try loadProfiles(parsed)
        let rules = try resolveRules(parsed.values["--rule"] ?? ["none"])
        let replayer: Replayer
        do {
            replayer = try Replayer()
        } catch {
            throw .dataError(error.description)
        }
        // A matrix shows counts only; every other format draws the sessions with findings.
        let report = replay(
            parsed.positionals, profiles: profiles, rules: rules, with: replayer,
            traces: format == .matrix ? .none : .whenFound)
        return try ReportOutput.deliver(
            ReportOutput.render(report, as: format), to: parsed.value("--output"),
            inputs: ReportOutput.files(
                under: parsed.positionals + (parsed.values["--rule"] ?? []) + profileInputs(parsed)),
            exitCode: report.exitCode,
            summary:
                "sessions \(report.sessionCount), events replayed \(report.eventsReplayed), discrepancies \(report.findingCount)",
            standardError: report.errors.map { TerminalLine.diagnostic("\($0)") }.joined())
    }

    /// The profile files and directory a run reads (for ``ReportOutput/files(under:)``).
    static func profileInputs(_ parsed: ParsedArguments) -> [String] {
        (parsed.values["--profile"] ?? []) + [(try? profilesDirectory(parsed.value("--profiles"))) ?? ""]
    }

    /// The profiles `--profile` names (default: every profile in the profiles directory).
    static func loadProfiles(_ parsed: ParsedArguments) throws(CLIError) -> [PlatformProfile] {
        let store = ProfileStore(directory: try profilesDirectory(parsed.value("--profiles")))
        var profiles: [PlatformProfile] = []
        for name in parsed.values["--profile"] ?? store.names() {
            do {
                profiles.append(try store.profile(named: name))
            } catch {
                throw .dataError(error.description)
            }
        }
        guard !profiles.isEmpty else { throw .dataError("\(store.directory): no profiles (*.json) found") }
        return profiles
    }

    /// The rules named by `--rule` values: specs, JSON rule files, or directories of them.
    static func resolveRules(_ values: [String]) throws(CLIError) -> [any InputRule] {
        var rules: [any InputRule] = []
        for value in values {
            var isDirectory: ObjCBool = false
            let isPath =
                value.hasSuffix(".json")
                || (FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory) && isDirectory.boolValue)
            guard isPath else {
                do {
                    rules.append(try RuleCatalogue.full.rule(value))
                } catch {
                    throw .dataError(error.description)
                }
                continue
            }
            do {
                let files = isDirectory.boolValue ? try RuleFile.files(in: value) : [value]
                for path in files {
                    let file = try RuleFile(path: path)
                    do {
                        rules.append(try RuleCatalogue.full.rule(file.spec))
                    } catch {
                        throw CLIError.dataError("\(path): \(error.description)")
                    }
                }
            } catch let error as RuleFileError {
                throw .dataError(error.description)
            } catch let error as CLIError {
                throw error
            } catch {
                throw .dataError("\(value): \(error)")
            }
        }
        return rules
    }

    /// Replays every session under `paths`; unreadable files and sessions become errors.
    static func replay(
        _ paths: [String], profiles: [PlatformProfile], rules: [any InputRule], with replayer: Replayer,
        traces: TraceKeeping
    ) -> Report {
        var results: [SessionResult] = []
        let errors = SessionFiles.forEachSession(under: paths) { session in
            results += replayer.run(session, profiles: profiles, rules: rules, traces: traces)
        }
        return Report(replay: results, profiles: profiles.map(\.name), rules: rules.map(\.spec), errors: errors)
    }

    /// The profiles directory: as given, else `Corpora/profiles` found by ``corporaDirectory(_:)``.
    static func profilesDirectory(_ given: String?) throws(CLIError) -> String {
        if let given { return given }
        return try corporaDirectory("profiles", option: "--profiles")
    }

    /// `Corpora/<name>` in the current directory or above the executable
    /// (`.build/<config>/ime-harness` in a checkout).
    static func corporaDirectory(_ name: String, option: String) throws(CLIError) -> String {
        var candidates = ["Corpora/\(name)"]
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory.appendingPathComponent("Corpora/\(name)").path)
            directory = directory.deletingLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        if let found = candidates.first(where: {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
        }) {
            return found
        }
        throw .dataError(
            "no \(name) directory found (tried \(candidates.joined(separator: ", "))); pass \(option) DIR")
    }
}
