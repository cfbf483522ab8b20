/// A command's arguments split into options and positionals.
///
/// The harness has few commands and few options, and no argument-parsing package
/// can be fetched here, so this is the small hand-written part: `--name value`,
/// `--name=value`, boolean flags, `--` to end options, and errors that name the option.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Splits `arguments` for `command`, which takes the options `valued` (with a
    /// value) and `flags` (without one).
    init(_ arguments: [String], command: String, valued: Set<String>, flags: Set<String>) throws(CLIError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw .missingValue(option: name, command: command)
                }
            } else if flags.contains(name), inlineValue == nil {
                self.flags.insert(name)
            } else {
                throw .unknownOption(argument, command: command)
            }
        }
    }

    /// The last value given for `option`, if any.
    func value(_ option: String) -> String? { values[option]?.last }

    /// The value of `option` as one of `choices`, or `defaultValue` when absent.
    func choice<Choice: RawRepresentable & CaseIterable>(_ option: String, default defaultValue: Choice)
        throws(CLIError)
        -> Choice where Choice.RawValue == String
    {
        guard let raw = value(option) else { return defaultValue }
        guard let choice = Choice(rawValue: raw) else {
            throw .invalidValue(
                option: option, value: raw,
                expected: "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }
}
