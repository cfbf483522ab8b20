/// A subcommand of `ime-harness`: its declaration and what it does with parsed arguments.
protocol Command {
    /// The options, arguments and help text, declared once.
    static var spec: CommandSpec { get }

    /// Runs the command; `--help` never reaches it.
    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult
}

/// Where a command's output goes besides its result.
struct CommandContext {
    /// Standard output, for a command that streams what it writes.
    var output: OutputSink
    /// Shows a line of progress (on a terminal's standard error), when anyone watches.
    var progress: ((String) -> Void)?
    /// Writes whole lines to standard error as a run goes (progress where no terminal
    /// redraws a line: CI logs); `nil` in-process.
    var log: ((String) -> Void)? = nil
}

/// The commands `ime-harness` knows, in the order the overview lists them.
enum CommandName: String, CaseIterable {
    case segment
    case conformance
    case replay
    case rules
    case fuzz
    case merge
    case report
    case keyboard
    case keyboardFuzz = "keyboard-fuzz"
    case initialize = "init"

    var command: any Command.Type {
        switch self {
        case .segment: SegmentCommand.self
        case .conformance: ConformanceCommand.self
        case .replay: ReplayCommand.self
        case .rules: RulesCommand.self
        case .fuzz: FuzzCommand.self
        case .merge: MergeCommand.self
        case .report: ReportCommand.self
        case .keyboard: KeyboardCommand.self
        case .keyboardFuzz: KeyboardFuzzCommand.self
        case .initialize: InitCommand.self
        }
    }
}

/// The output formats of the commands that are not reports (`segment`, `conformance`,
/// `fuzz --segmentation`).
enum PlainFormat: String, CaseIterable {
    case text, json

    static var names: [String] { allCases.map(\.rawValue) }
}
