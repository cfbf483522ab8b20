import Composition
import Fuzzing
import Graphemes
import Reporting

/// Everything that can go wrong on the command line, with its exit code.
///
/// All user-facing error text is produced here, in ``message``, so every message has the
/// same shape: what was wrong, and where (the argument, the file, the line, the JSON path).
/// A library error keeps its own one-line description, which already names its file.
enum CLIError: Error {
    case unknownCommand(String)
    case unknownOption(String, command: CommandName)
    case missingValue(option: String, command: CommandName)
    case invalidValue(option: String, value: String, expected: String)
    case unexpectedArgument(String, command: CommandName)
    case missingArgument(String, command: CommandName)
    case conflictingArguments(String, String, command: CommandName)
    case fileNotFound(path: String)
    case fileUnreadable(path: String)
    /// A file that exists but could not be read whole (``FileContents``).
    case file(path: String, problem: FileContents.Problem)
    case invalidUTF8(path: String, byteOffset: Int)
    /// A rule spec that names no rule or gives bad parameters, from `path` when a rule file gave it.
    case rule(RuleSpecError, path: String?)
    case ruleFile(RuleFileError)
    case profile(ProfileError)
    /// A profiles directory with no profile in it.
    case noProfiles(directory: String)
    /// `Corpora/<name>` found nowhere; `option` names the directory instead.
    case inventory(InventoryError)
    case unicodeData(UnicodeDataError)
    /// ICU could not open what it needs (its break rules, a pattern).
    case icu(ICUError)
    /// A results file (of `report` or `merge`) that is not what a run writes.
    case results(path: String, reason: String)
    case merge(MergeError)
    case write(AtomicFile.WriteError)
    /// A directory `--save` names that cannot be made.
    case directoryNotWritable(path: String, reason: String)

    /// The one-line message shown on standard error, prefixed with `ime-harness: `.
    var message: String {
        switch self {
        case .unknownCommand(let name):
            "unknown command '\(name)'" + ClosestMatch.suggestion(name, among: CommandName.allCases.map(\.rawValue))
                + " (expected one of: \(CommandName.allCases.map(\.rawValue).joined(separator: ", ")); see 'ime-harness --help')"
        case .unknownOption(let option, let command):
            "\(command.rawValue): unknown option '\(option)'"
                + ClosestMatch.suggestion(
                    String(option.prefix { $0 != "=" }), among: command.command.spec.options.map(\.name))
                + " (see 'ime-harness \(command.rawValue) --help')"
        case .missingValue(let option, let command):
            "\(command.rawValue): option '\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            "option '\(option)': '\(value)' is not valid (expected \(expected))"
        case .unexpectedArgument(let argument, let command):
            "\(command.rawValue): unexpected argument '\(argument)'"
        case .missingArgument(let what, let command):
            "\(command.rawValue): missing \(what) (see 'ime-harness \(command.rawValue) --help')"
        case .conflictingArguments(let first, let second, let command):
            "\(command.rawValue): \(first) and \(second) cannot be used together"
        case .fileNotFound(let path): "\(path): no such file"
        case .fileUnreadable(let path): "\(path): cannot be read"
        case .file(let path, let problem): "\(path): \(problem)"
        case .invalidUTF8(let path, let byteOffset):
            "\(path): not valid UTF-8 (first bad byte at offset \(byteOffset))"
        case .rule(let error, let path): (path.map { "\($0): " } ?? "") + error.description
        case .ruleFile(let error): error.description
        case .profile(let error): error.description
        case .noProfiles(let directory): "\(directory): no profiles (*.json) found"
        case .inventory(let error): error.description
        case .unicodeData(let error): error.description
        case .icu(let error): error.description
        case .results(let path, let reason): "\(path): \(reason)"
        case .merge(let error): error.description
        case .write(let error): error.description
        case .directoryNotWritable(let path, let reason): "\(path): cannot be written (\(reason))"
        }
    }

    /// Usage and input errors exit with 2.
    var exitCode: Int32 { 2 }
}
