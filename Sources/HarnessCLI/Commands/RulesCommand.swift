import Composition
import InputRules

/// `ime-harness rules`: the rule catalogue, one entry per rule with its parameters.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: .rules,
        abstract: "List the rule catalogue: legacy ports and correct rules, with their parameters.",
        discussion: """
            Lists every rule a spec can name (--rule on replay), grouped by what it is
            for, with where it comes from, a one-line description and its parameters.
            Legacy rules (legacy-*) reproduce code developers copy, bugs included;
            "correct" ones are the harness's own.
            """,
        options: [])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        try parsed.rejectPositionals()
        return CLIResult(exitCode: 0, standardOutput: listing(RuleCatalogue.full))
    }

    /// The catalogue as text, grouped by purpose, the correct rules first in each group:
    /// the synopsis with the rule's origin beside it, what it does, then each parameter.
    static func listing(_ catalogue: RuleCatalogue) -> String {
        var out = ""
        for purpose in RuleDefinition.Purpose.allCases {
            let group = catalogue.all.filter { $0.purpose == purpose }
                .sorted { ($0.origin == "correct" ? 0 : 1, $0.name) < ($1.origin == "correct" ? 0 : 1, $1.name) }
            guard !group.isEmpty else { continue }
            out += (out.isEmpty ? "" : "\n") + purpose.rawValue + "\n"
            for definition in group {
                let synopsis = "  " + definition.synopsis
                let gap = synopsis.count < 48 ? String(repeating: " ", count: 48 - synopsis.count) : "  "
                out += synopsis + gap + definition.origin + "\n"
                out += "      " + definition.summary + "\n"
                for parameter in definition.parameters {
                    let note =
                        parameter.defaultValue.map { " (default \($0))" } ?? (parameter.isOptional ? " (optional)" : "")
                    out += "      \(parameter.key): \(parameter.expected)\(note)\n"
                }
            }
        }
        return out
    }
}
