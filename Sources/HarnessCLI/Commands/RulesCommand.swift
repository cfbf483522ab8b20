import Composition
import IMEHarness
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
            "correct" ones are the harness's own. The Android rules, last, run under the
            Android profiles (replay --profile gboard, samsung or android).
            """,
        options: [])

    static func run(_ parsed: ParsedArguments, context: CommandContext) throws(CLIError) -> CLIResult {
        try parsed.rejectPositionals()
        return CLIResult(exitCode: 0, standardOutput: listing(RuleCatalogue.full) + "\n" + androidListing)
    }

    /// The group header of the Android rules, which run under the Android profiles.
    static let androidGroup = "Android (replay --profile gboard, samsung or android)"

    /// The catalogue as text, grouped by purpose, the correct rules first in each group:
    /// the synopsis with the rule's origin beside it, what it does, then each parameter.
    static func listing(_ catalogue: RuleCatalogue) -> String {
        var out = ""
        for purpose in RuleDefinition.Purpose.allCases {
            let group = catalogue.all.filter { $0.purpose == purpose }
            guard !group.isEmpty else { continue }
            out += (out.isEmpty ? "" : "\n") + purpose.rawValue + "\n"
            for definition in correctFirst(group, name: \.name, origin: \.origin) {
                out += entry(definition.synopsis, definition.origin, definition.summary, definition.parameters)
            }
        }
        return out
    }

    /// The Android catalogue as one more group, listed as the iOS groups are.
    static var androidListing: String {
        let group = correctFirst(AndroidCatalogue.definitions, name: \.name, origin: \.origin)
        return androidGroup + "\n"
            + group.map { entry($0.synopsis, $0.origin, $0.summary, $0.parameters) }.joined()
    }

    /// `group` with the harness's own (`correct`) rules first, each part by name.
    static func correctFirst<Definition>(
        _ group: [Definition], name: (Definition) -> String, origin: (Definition) -> String
    ) -> [Definition] {
        group.sorted { (origin($0) == "correct" ? 0 : 1, name($0)) < (origin($1) == "correct" ? 0 : 1, name($1)) }
    }

    /// One rule's entry: the synopsis with its origin beside it, what it does, each parameter.
    static func entry(_ synopsis: String, _ origin: String, _ summary: String, _ parameters: [RuleParameter]) -> String
    {
        let head = "  " + synopsis
        let gap = head.count < 48 ? String(repeating: " ", count: 48 - head.count) : "  "
        var out = head + gap + origin + "\n" + "      " + summary + "\n"
        for parameter in parameters {
            let note = parameter.defaultValue.map { " (default \($0))" } ?? (parameter.isOptional ? " (optional)" : "")
            out += "      \(parameter.key): \(parameter.expected)\(note)\n"
        }
        return out
    }
}
