import Composition
import Foundation
import HarnessJSON
import KeyboardOverlap
import Reporting

/// `ime-harness keyboard`: keyboard sessions × keyboard profiles × overlap handlers, and
/// every broken invariant.
enum KeyboardCommand: Command {
    static let spec = CommandSpec(
        name: .keyboard,
        abstract: "Replay keyboard-frame sessions through keyboard-overlap handlers and check the invariants.",
        arguments: "PATH...",
        discussion: CommandSpec.paragraph(
            """
            Replays the keyboard sessions in PATH (ime-keyboard-session/1 .json files, \
            directories walked recursively) under each keyboard profile of the session's \
            device idiom: the profile turns each user action (focus, input-mode switch, \
            QuickType, hardware keyboard, undock, rotation, window resize, another app's \
            keyboard, interactive dismissal) into the notifications that platform posts, \
            each handler that moves the session's layout reacts, and after each event the \
            invariants are checked: \(KeyboardInvariant.allCases.map(\.rawValue).joined(separator: ", ")). \
            Handlers: \(KeyboardHandlers.all.map(\.name).joined(separator: ", ")).
            """),
        options: [
            .value(
                "--handler", "NAME", repeatable: true,
                help: "A keyboard-overlap handler (repeatable; default: every shipped handler)."),
            .value(
                "--profile", "NAME", repeatable: true,
                help: """
                    A keyboard profile from the keyboard-profiles directory, or a path to one \
                    (repeatable; default: every shipped keyboard profile).
                    """),
            .value(
                "--format", "FORMAT", choices: KeyboardRun.formats.map(\.rawValue),
                help: """
                    md (default): the verdict, counts per handler and invariant, each broken \
                    replay's notifications and writes; html: one page with a drawing of the \
                    screen after every event; json: the machine shape; junit: JUnit XML.
                    """),
            .value("--output", "PATH", help: "Write the report to PATH (atomically) instead of standard output."),
            .value(
                "--fail-on", "GATE",
                help: """
                    Which broken invariants fail the run (exit 1): all (default) or rule (the \
                    handler's: every invariant), none, or invariants separated by commas; the \
                    others are reported.
                    """),
            .value(
                "--keyboard-profiles", "DIR",
                help: """
                    Where keyboard profiles are (default: Corpora/keyboard-profiles, found \
                    from the current directory or the executable's location, else the ones \
                    built into the binary).
                    """),
        ],
        exitCodes: """
            Exit codes: 0 the run passes (no broken invariant fails it: see --fail-on),
            1 one fails it, 2 a usage error or a session that could not be read (the
            other sessions are still replayed and reported).
            """)

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        let format = try parsed.choice("--format", default: ReportFormat.markdown, among: KeyboardRun.formats)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("session PATH", command: .keyboard) }
        for path in parsed.positionals where !FileManager.default.fileExists(atPath: path) {
            throw .fileNotFound(path: path)
        }
        let handlers = try handlers(named: parsed.values["--handler"])
        let profiles = try profiles(parsed)
        let (sessions, errors) = KeyboardFiles.load(parsed.positionals)
        var run = KeyboardRun(sessions: sessions, profiles: profiles, handlers: handlers, errors: errors)
        run.gate = try ReplayCommand.gate(parsed, family: .keyboard, default: .all)
        var result = try ReportOutput.deliver(
            run.rendered(format), to: parsed.value("--output"),
            inputs: RunInputs(parsed, command: .keyboard),
            exitCode: run.exitCode,
            summary:
                "sessions \(run.sessionCount), replays \(run.replays.count), broken invariants \(run.findingCount)",
            standardError: errors.map { TerminalLine.diagnostic("\($0)") }.joined())
        if errors.isEmpty { result.verdict = TerminalLine.diagnostic(run.headline) }
        return result
    }

    /// The handlers `--handler` names (default: all shipped), an unknown name a usage error
    /// with the closest known one.
    static func handlers(named names: [String]?) throws(CLIError) -> [any KeyboardHandler] {
        guard let names else { return KeyboardHandlers.all }
        var handlers: [any KeyboardHandler] = []
        for name in names {
            guard let handler = KeyboardHandlers.named(name) else {
                let known = KeyboardHandlers.all.map(\.name)
                throw .invalidValue(
                    option: "--handler", value: name,
                    expected: "one of \(known.joined(separator: ", "))"
                        + (ClosestMatch.find(name, among: known).map { "; did you mean '\($0)'?" } ?? ""))
            }
            handlers.append(handler)
        }
        return handlers
    }

    /// The keyboard profiles `--profile` names (default: all in the directory or built in).
    static func profiles(_ parsed: ParsedArguments) throws(CLIError) -> [KeyboardProfile] {
        try profiles(named: parsed.values["--profile"], parsed)
    }

    /// The keyboard profiles `names` names (nil: all), from `--keyboard-profiles`, the
    /// checkout's or the built-in ones.
    static func profiles(named names: [String]?, _ parsed: ParsedArguments) throws(CLIError) -> [KeyboardProfile] {
        try CommandInputs.documents(
            named: names, directory: keyboardProfilesDirectory(parsed),
            builtIn: EmbeddedData.keyboardProfiles
        ) { name, store throws(ProfileError) in try KeyboardFiles.profile(named: name, in: store) }
    }

    static func keyboardProfilesDirectory(_ parsed: ParsedArguments) -> String? {
        parsed.value("--keyboard-profiles") ?? CommandInputs.corporaDirectory("keyboard-profiles")
    }
}
