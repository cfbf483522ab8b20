/// A command's arguments split into options and positionals, against its ``CommandSpec``.
///
/// The harness has few commands and few options, and no argument-parsing package
/// can be fetched here, so this is the small hand-written part: `--name value`,
/// `--name=value`, boolean flags, `--` to end options, and errors that name the option.
struct ParsedArguments {
    let command: CommandName
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Splits `arguments` by the options `spec` declares.
    init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
        command = spec.name
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
            guard let option = spec.option(name) else { throw .unknownOption(argument, command: command) }
            if option.value == nil {
                guard inlineValue == nil else { throw .unknownOption(argument, command: command) }
                flags.insert(option.name)
            } else if let inlineValue {
                values[option.name, default: []].append(inlineValue)
            } else if index < arguments.count {
                values[option.name, default: []].append(arguments[index])
                index += 1
            } else {
                throw .missingValue(option: name, command: command)
            }
        }
    }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for `option`, if any.
    func value(_ option: String) -> String? { values[option]?.last }

    /// Every value given for `option`, in order.
    func all(_ option: String) -> [String] { values[option] ?? [] }

    /// The value of `option` as one of `choices`, or `defaultValue` when absent.
    func choice<Choice: RawRepresentable & CaseIterable>(_ option: String, default defaultValue: Choice)
        throws(CLIError)
        -> Choice where Choice.RawValue == String
    {
        try choice(option, default: defaultValue, among: Array(Choice.allCases))
    }

    /// The value of `option` as one of `allowed` (`default` when absent).
    func choice<Choice: RawRepresentable>(_ option: String, default defaultValue: Choice, among allowed: [Choice])
        throws(CLIError)
        -> Choice where Choice.RawValue == String
    {
        guard let raw = value(option) else { return defaultValue }
        guard let choice = allowed.first(where: { $0.rawValue == raw }) else {
            throw .invalidValue(
                option: option, value: raw, expected: "one of " + allowed.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }

    /// The value of `option` as a whole number from 0 to `maximum`, if given.
    func count<Value: FixedWidthInteger>(_ option: String, _: Value.Type, maximum: Value = .max) throws(CLIError)
        -> Value?
    {
        guard let text = value(option) else { return nil }
        guard let value = Value(text), value >= 0, value <= maximum else {
            throw .invalidValue(
                option: option, value: text,
                expected: maximum == .max ? "a whole number from 0" : "a whole number from 0 to \(maximum)")
        }
        return value
    }

    /// Refuses positionals beyond the first `allowed`.
    func rejectPositionals(after allowed: Int = 0) throws(CLIError) {
        if positionals.count > allowed { throw .unexpectedArgument(positionals[allowed], command: command) }
    }
}
