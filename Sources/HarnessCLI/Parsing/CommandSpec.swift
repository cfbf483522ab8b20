/// One option of a command, declared once: the parser, `--help` and the usage line all
/// read it (as swift-argument-parser's `@Option` does, by hand: no package can be fetched).
struct OptionSpec {
    /// `--profile`.
    var name: String
    /// The value's placeholder (`NAME`), or `nil` for a flag.
    var value: String?
    /// The values the option takes, when they are a fixed list (the usage line shows them).
    var choices: [String]?
    /// Whether the command needs the option (the usage line shows it without brackets).
    var isRequired = false
    /// Whether the option may be given more than once.
    var isRepeatable = false
    /// What the option does, in sentences; the help wraps it.
    var help: String

    /// An option that takes a value.
    static func value(
        _ name: String, _ placeholder: String, choices: [String]? = nil, required: Bool = false,
        repeatable: Bool = false, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, value: placeholder, choices: choices, isRequired: required, isRepeatable: repeatable,
            help: help)
    }

    /// An option without a value.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }

    /// `--format md|html` in a usage line, `[…]` around it unless required, `...` after it
    /// when repeatable.
    var synopsis: String {
        var text = name + (value.map { " " + (choices?.joined(separator: "|") ?? $0) } ?? "")
        if !isRequired { text = "[\(text)]" }
        return isRepeatable ? text + "..." : text
    }
}

/// A command's declaration: its options and the text of its `--help`.
struct CommandSpec {
    var name: CommandName
    /// One line, for the overview of every command.
    var abstract: String
    /// The positional arguments as the usage line shows them (`PATH...`), after the options.
    var arguments: String = ""
    /// What the command does, in paragraphs; shown as written.
    var discussion: String
    var options: [OptionSpec]
    /// What the exit codes mean, when the command says more than the overview.
    var exitCodes: String?

    /// Every option, with `-h, --help` last.
    var allOptions: [OptionSpec] { options + [Self.help] }

    static let help = OptionSpec.flag("--help", help: "Show this help.")

    /// The option named `name` (`-h` is `--help`).
    func option(_ name: String) -> OptionSpec? {
        name == "-h" ? Self.help : allOptions.first { $0.name == name }
    }

    /// The usage line's parts: each option's synopsis, then the arguments.
    var usageParts: [String] { options.map(\.synopsis) + (arguments.isEmpty ? [] : [arguments]) }

    /// `ime-harness NAME [--option VALUE]... ARGUMENTS` on one line, as docs/commands.md
    /// lists every command (a test keeps the two the same).
    var oneLineUsage: String { (["ime-harness", name.rawValue] + usageParts).joined(separator: " ") }

    /// What `ime-harness COMMAND --help` prints.
    var helpText: String {
        let prefix = "USAGE: ime-harness \(name.rawValue) "
        let parts = usageParts
        var out = Self.wrap(parts, first: prefix, indent: String(repeating: " ", count: prefix.count)) + "\n\n"
        out += discussion + "\n\nOPTIONS:\n"
        let labels = allOptions.map { option in
            (option.name == "--help" ? "-h, --help" : option.name) + (option.value.map { " " + $0 } ?? "")
        }
        let column = max(18, (labels.map(\.count).max() ?? 0) + 4)
        for (label, option) in zip(labels, allOptions) {
            let words = option.help.split(separator: " ").map(String.init)
            let indent = String(repeating: " ", count: column)
            let first = "  " + label + String(repeating: " ", count: column - 2 - label.count)
            out += Self.wrap(words, first: first, indent: indent, separator: " ") + "\n"
        }
        if let exitCodes { out += "\n" + exitCodes + "\n" }
        return out
    }

    /// `text` as one paragraph wrapped at 80 columns.
    static func paragraph(_ text: String) -> String {
        wrap(text.split(separator: " ").map(String.init), first: "", indent: "")
    }

    /// `parts` after `first`, wrapped at 80 columns, continuation lines after `indent`.
    static func wrap(_ parts: [String], first: String, indent: String, separator: String = " ") -> String {
        var lines: [String] = []
        var line = first
        var lineHasPart = false
        for part in parts {
            if lineHasPart, line.count + separator.count + part.count > 80 {
                lines.append(line)
                line = indent
                lineHasPart = false
            }
            line += (lineHasPart ? separator : "") + part
            lineHasPart = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
