import Composition
import Graphemes

extension RuleCatalogue {
    /// The rule catalogue of this module: the legacy ports and the correct rules.
    package static let inputRules = RuleCatalogue(legacyRules + correctRules)

    /// Every rule the harness knows: `none` and the catalogue of this module.
    package static let full = RuleCatalogue.standard.merging(.inputRules)
}

private let limitParameter = RuleParameter("limit", wholeNumber)

/// What every limit-like parameter takes.
private let wholeNumber = "a whole number from 0 to \(RuleArguments.maximumLimit)"

/// A rule whose one parameter is its `limit`.
private func limitRule(
    _ name: String, _ summary: String, origin: String, _ make: @escaping @Sendable (Int, String) -> any InputRule
) -> RuleDefinition {
    RuleDefinition(name: name, summary: summary, purpose: .length, origin: origin, parameters: [limitParameter]) {
        arguments throws(RuleSpecError) in
        make(try arguments.int("limit", minimum: 0) ?? 0, arguments.specText)
    }
}

/// An ICU regular expression from a spec, or the spec error that names ICU's complaint.
private func regex(_ arguments: RuleArguments, _ key: String) throws(RuleSpecError) -> ICURegex? {
    guard let pattern = arguments.string(key) else { return nil }
    do {
        return try ICURegex(pattern)
    } catch {
        throw .badParameter(spec: arguments.specText, key: key, expected: "an ICU regular expression (\(error))")
    }
}

/// ICU failing to compile one of the seed's own patterns is a broken installation, not a bad spec.
private func seedPattern<Rule>(_ make: () throws(ICUError) -> Rule) -> Rule {
    do {
        return try make()
    } catch {
        preconditionFailure("a seed pattern must compile: \(error)")
    }
}

private let legacyRules: [RuleDefinition] =
    LegacyLXDFilter.Variant.allCases.map { variant in
        RuleDefinition(
            name: variant.ruleName,
            summary:
                "Deletes every UTF-16 unit not matching \(variant.pattern) and assigns the text on every change.",
            purpose: variant == .decimal || variant == .number ? .numbers : .characters,
            origin: "seed 000 (LXDTextRestrict)",
            parameters: [
                RuleParameter("max-length", wholeNumber + " (declared, never enforced)", optional: true)
            ]
        ) { arguments throws(RuleSpecError) in
            let maxLength = try arguments.int("max-length", minimum: 0)
            return seedPattern { () throws(ICUError) in
                try LegacyLXDFilter(variant, maxLength: maxLength, spec: arguments.specText)
            }
        }
    } + [
        RuleDefinition(
            name: "legacy-lxd-no-emoji",
            summary: "Refuses a replacement with any UTF-16 unit seed 000's emoji pattern matches.",
            purpose: .characters, origin: "seed 000 (its emoji pattern as a ban)"
        ) { arguments throws(RuleSpecError) in
            seedPattern { () throws(ICUError) in try LegacyNoEmoji(spec: arguments.specText) }
        },
        RuleDefinition(
            name: "legacy-input-filter",
            summary: "Checks the replacement only: text.length + replacement.length <= max-length, a regex, a set.",
            purpose: .length, origin: "seed 004 (InputFilter category)",
            parameters: [
                RuleParameter("max-length", wholeNumber + " (0: no limit)", default: "0"),
                RuleParameter("regex", "an ICU regular expression, searched in the replacement", optional: true),
                RuleParameter(
                    "charset",
                    "a set name (\(CharacterSetSpec.names.joined(separator: ", "))) or the characters of the set",
                    optional: true),
            ]
        ) { arguments throws(RuleSpecError) in
            LegacyInputFilter(
                spec: arguments.specText, maxLength: try arguments.int("max-length", minimum: 0) ?? 0,
                regex: try regex(arguments, "regex"), charset: arguments.string("charset").map(CharacterSetSpec.init))
        },
        limitRule(
            "legacy-count-limit",
            "Refuses when String.count of the proposed text exceeds limit, or a replacement that is not digits.",
            origin: "seed 001"
        ) { LegacyCountLimit(limit: $0, spec: $1) },
        RuleDefinition(
            name: "legacy-numeric-field",
            summary: "While Float(text) fails, drops the last character of the text.", purpose: .numbers,
            origin: "seed 003 (SwiftUI numeric field)"
        ) { arguments throws(RuleSpecError) in LegacyNumericField(spec: arguments.specText) },
        limitRule(
            "legacy-marked-guard-limit",
            "Accepts while text is marked, else refuses a proposed NSString length over limit.",
            origin: "forum thread 801013"
        ) { LegacyMarkedGuardLimit(limit: $0, spec: $1) },
        limitRule(
            "legacy-truncate-count",
            "In editingChanged: if text.count > limit, text = (text as NSString).substring(to: limit).",
            origin: "the usual editingChanged truncation"
        ) { LegacyTruncation(.count, limit: $0, spec: $1) },
        limitRule(
            "legacy-truncate-marked-aware",
            "In editingChanged: unless text is marked, cuts an NSString longer than limit at UTF-16 offset limit.",
            origin: "the usual truncation, with a marked-text guard"
        ) { LegacyTruncation(.markedAware, limit: $0, spec: $1) },
    ]

private let classesParameter = RuleParameter(
    "classes", "class names joined by '+' (\(RuleClass.all.map(\.description).joined(separator: ", ")))")

private func classes(_ arguments: RuleArguments) throws(RuleSpecError) -> [RuleClass] {
    let names = arguments.string("classes")?.split(separator: "+", omittingEmptySubsequences: false) ?? []
    var classes: [RuleClass] = []
    for name in names {
        guard let found = RuleClass(name: String(name)) else { throw arguments.bad("classes") }
        if !classes.contains(found) { classes.append(found) }
    }
    return classes
}

private let correctRules: [RuleDefinition] = [
    RuleDefinition(
        name: "max-length",
        summary:
            "At most limit units of committed text; trims what was inserted, whole clusters, once nothing is marked.",
        purpose: .length,
        parameters: [
            limitParameter,
            RuleParameter("unit", MaxLength.units.map(\.rawValue).joined(separator: " | "), default: "graphemes"),
            RuleParameter(
                "enforcement", MaxLength.Enforcement.allCases.map(\.rawValue).joined(separator: " | "),
                default: MaxLength.Enforcement.afterComposition.rawValue),
        ]
    ) { arguments throws(RuleSpecError) in
        MaxLength(
            limit: try arguments.int("limit", minimum: 0) ?? 0,
            unit: try arguments.choice("unit", of: MaxLength.units) ?? .graphemes,
            enforcement: try arguments.choice("enforcement", of: MaxLength.Enforcement.allCases) ?? .afterComposition,
            spec: arguments.specText)
    },
    RuleDefinition(
        name: "allow", summary: "Only grapheme clusters of the given classes, judged on committed text.",
        purpose: .characters, parameters: [classesParameter]
    ) { arguments throws(RuleSpecError) in
        ClassFilter(.allow, classes: try classes(arguments), spec: arguments.specText)
    },
    RuleDefinition(
        name: "deny", summary: "No grapheme clusters of the given classes, judged on committed text.",
        purpose: .characters, parameters: [classesParameter]
    ) { arguments throws(RuleSpecError) in
        ClassFilter(.deny, classes: try classes(arguments), spec: arguments.specText)
    },
    RuleDefinition(name: "emoji-only", summary: "Only RGI emoji (ICU), judged on committed text.", purpose: .characters)
    {
        arguments throws(RuleSpecError) in ClassFilter.emojiOnly(spec: arguments.specText)
    },
    RuleDefinition(
        name: "decimal",
        summary:
            "ASCII digits (fullwidth and the region's digits folded) and at most one separator (the device region's by default), judged on committed text.",
        purpose: .numbers,
        parameters: [
            RuleParameter(
                "separator", (["region"] + DecimalRule.separators).joined(separator: " | "), default: "region")
        ]
    ) { arguments throws(RuleSpecError) in
        guard let separator = arguments.string("separator"),
            separator == "region" || DecimalRule.separators.contains(separator)
        else {
            throw arguments.bad("separator")
        }
        return DecimalRule(separator: separator == "region" ? nil : Character(separator), spec: arguments.specText)
    },
    RuleDefinition(
        name: "regex", summary: "The committed text matches the ICU regular expression as a whole.",
        purpose: .pattern,
        parameters: [RuleParameter("pattern", "an ICU regular expression, matched against the whole committed text")]
    ) { arguments throws(RuleSpecError) in
        guard let compiled = try regex(arguments, "pattern") else { throw arguments.bad("pattern") }
        return RegexRule(compiled, spec: arguments.specText)
    },
]
