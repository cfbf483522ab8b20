import Composition
import InputRules

/// `ime-harness rules`: the rule catalogue, one entry per rule with its parameters.
enum RulesCommand {
    static let usage = """
        USAGE: ime-harness rules

        Lists every rule a spec can name (--rule on replay), with a one-line description
        and its parameters. Legacy rules (legacy-*) reproduce code developers copy, bugs
        included; the others are the harness's correct rules.
        """

    static func run(_ arguments: [String]) throws(CLIError) -> CLIResult {
        let parsed = try ParsedArguments(arguments, command: "rules", valued: [], flags: ["--help", "-h"])
        if parsed.flags.contains("--help") || parsed.flags.contains("-h") {
            return CLIResult(exitCode: 0, standardOutput: usage + "\n")
        }
        if let extra = parsed.positionals.first { throw .unexpectedArgument(extra, command: "rules") }
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
