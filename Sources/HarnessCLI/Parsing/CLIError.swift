/// Everything that can go wrong on the command line, with its exit code.
///
/// All user-facing error text is produced here, in ``message``, so every message
/// has the same shape: what was wrong, and where (the argument, the file, the line).
enum CLIError: Error, Equatable {
    case unknownCommand(String)
    case unknownOption(String, command: String)
    case missingValue(option: String, command: String)
    case invalidValue(option: String, value: String, expected: String)
    case unexpectedArgument(String, command: String)
    case missingArgument(String, command: String)
    case conflictingArguments(String, String, command: String)
    case fileNotFound(path: String)
    case fileUnreadable(path: String)
    case invalidUTF8(path: String, byteOffset: Int)
    case dataError(String)

    /// The one-line message shown on standard error, prefixed with `ime-harness: `.
    var message: String {
        switch self {
        case .unknownCommand(let name):
            "unknown command '\(name)' (expected one of: \(CommandName.allCases.map(\.rawValue).joined(separator: ", ")); see 'ime-harness --help')"
        case .unknownOption(let option, let command):
            "\(command): unknown option '\(option)' (see 'ime-harness \(command) --help')"
        case .missingValue(let option, let command):
            "\(command): option '\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            "option '\(option)': '\(value)' is not valid (expected \(expected))"
        case .unexpectedArgument(let argument, let command):
            "\(command): unexpected argument '\(argument)'"
        case .missingArgument(let what, let command):
            "\(command): missing \(what) (see 'ime-harness \(command) --help')"
        case .conflictingArguments(let first, let second, let command):
            "\(command): \(first) and \(second) cannot be used together"
        case .fileNotFound(let path):
            "\(path): no such file"
        case .fileUnreadable(let path):
            "\(path): cannot be read"
        case .invalidUTF8(let path, let byteOffset):
            "\(path): not valid UTF-8 (first bad byte at offset \(byteOffset))"
        case .dataError(let message):
            message
        }
    }

    /// Usage and input errors exit with 2.
    var exitCode: Int32 { 2 }
}
