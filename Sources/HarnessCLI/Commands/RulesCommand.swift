import Composition
import InputRules

/// `ime-harness rules`: the rule catalogue, one entry per rule with its parameters.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: .rules,
        abstract: "List the rule catalogue: legacy ports and correct rules, with their parameters.",
        discussion: """
            Lists every rule a spec can name (--rule on replay), with a one-line description
            and its parameters. Legacy rules (legacy-*) reproduce code developers copy, bugs
            included; the others are the harness's correct rules.
            """,
        options: [])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        try parsed.rejectPositionals()
        return CLIResult(exitCode: 0, standardOutput: listing(RuleCatalogue.full))
    }

    /// The catalogue as text: the synopsis, the summary, then each parameter.
    static func listing(_ catalogue: RuleCatalogue) -> String {
        var out = ""
        for definition in catalogue.all {
            out += definition.synopsis + "\n    " + definition.summary + "\n"
            for parameter in definition.parameters {
                let note =
                    parameter.defaultValue.map { " (default \($0))" } ?? (parameter.isOptional ? " (optional)" : "")
                out += "    \(parameter.key): \(parameter.expected)\(note)\n"
            }
        }
        return out
    }
}
