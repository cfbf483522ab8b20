import Composition
import Graphemes
import InputRules

/// The harness's own rules, as `ime-harness rules` lists them: the correct rules to copy
/// or to compare yours with, and the legacy ports of code developers copy, bugs included.
///
/// Each is built from its spec by the catalogue the command line uses, so `Rules.named`
/// with a spec and the typed helpers give the very rule `--rule SPEC` replays.
///
/// ```swift
/// try HarnessAssert.noDiscrepancies(rule: Rules.maxLength(20))
/// let legacy = try Rules.named("legacy-count-limit:limit=20")
/// ```
public enum Rules {
    /// The names of every rule in the catalogue, sorted.
    public static var names: [String] { RuleCatalogue.full.names }

    /// The rule `spec` names: `NAME[:key=value,...]`, as on the command line.
    ///
    /// - Throws: ``HarnessFailure`` naming an unknown rule or a bad parameter.
    public static func named(_ spec: String) throws(HarnessFailure) -> any InputRule {
        do {
            return try RuleCatalogue.full.rule(spec)
        } catch {
            throw HarnessFailure(error.description)
        }
    }

    /// At most `limit` `unit`s of committed text: never splits a grapheme cluster, never
    /// blocks a deletion, and lets a composition finish before trimming (`max-length`).
    public static func maxLength(_ limit: Int, unit: TextUnit = .graphemes) throws(HarnessFailure) -> any InputRule {
        try rule("max-length", ("limit", String(limit)), ("unit", unit.rawValue))
    }

    /// Only emoji clusters (`emoji-only`).
    public static func emojiOnly() throws(HarnessFailure) -> any InputRule {
        try rule("emoji-only")
    }

    /// Only clusters of `classes` (`allow:classes=…`).
    public static func allowing(_ classes: [RuleClass]) throws(HarnessFailure) -> any InputRule {
        try rule("allow", ("classes", classes.map(\.description).joined(separator: "+")))
    }

    /// No cluster of `classes` (`deny:classes=…`).
    public static func denying(_ classes: [RuleClass]) throws(HarnessFailure) -> any InputRule {
        try rule("deny", ("classes", classes.map(\.description).joined(separator: "+")))
    }

    /// ASCII digits with at most one `separator` (`decimal:separator=…`).
    public static func decimal(separator: Character = ".") throws(HarnessFailure) -> any InputRule {
        try rule("decimal", ("separator", String(separator)))
    }

    /// The committed text matches the ICU regular expression `pattern` as a whole
    /// (`regex:pattern=…`).
    public static func matching(_ pattern: String) throws(HarnessFailure) -> any InputRule {
        try rule("regex", ("pattern", pattern))
    }

    /// The catalogue's rule `name` with `parameters`, its spec written by ``RuleSpec``.
    private static func rule(_ name: String, _ parameters: (String, String)...) throws(HarnessFailure)
        -> any InputRule
    {
        do {
            return try RuleCatalogue.full.rule(
                RuleSpec(name: name, parameters: parameters.map { RuleSpec.Parameter($0.0, $0.1) }))
        } catch {
            throw HarnessFailure(error.description)
        }
    }
}
