/// A rule named as on the command line: `NAME[:key=value,...]`.
package struct RuleSpec: Hashable, Sendable, CustomStringConvertible {
    /// One `key=value` parameter.
    package struct Parameter: Hashable, Sendable {
        package var key: String
        package var value: String

        package init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    package var name: String
    /// The parameters in the order written.
    package var parameters: [Parameter]

    /// A spec from its parts (a JSON rule file's `rule` and `parameters`, or a library
    /// call's arguments).
    package init(name: String, parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
    }

    /// Parses `NAME[:key=value,...]`.
    ///
    /// A comma separates two parameters only where a `key=` follows it; any other comma
    /// belongs to the value, so `decimal:separator=,` and `regex:pattern=^[a-z, ]*$` need
    /// no quoting. A value that itself holds `,key=` needs a JSON rule file (``RuleFile``).
    ///
    /// - Throws: ``RuleSpecError`` naming the part that is malformed.
    package init(parsing spec: String) throws(RuleSpecError) {
        let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw .malformed(spec: spec, reason: "a rule name of letters, digits and '-'")
        }
        self.name = name
        var parameters: [Parameter] = []
        if parts.count == 2 {
            for pair in Self.pairs(parts[1]) {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard keyValue.count == 2, !keyValue[0].isEmpty else {
                    throw .malformed(spec: spec, reason: "key=value pairs separated by ',', found '\(pair)'")
                }
                guard !parameters.contains(where: { $0.key == keyValue[0] }) else {
                    throw .malformed(spec: spec, reason: "each key once, found '\(keyValue[0])' twice")
                }
                parameters.append(Parameter(String(keyValue[0]), String(keyValue[1])))
            }
        }
        self.parameters = parameters
    }

    /// The `key=value` pairs of a parameter list, split at the commas a key follows.
    private static func pairs(_ list: Substring) -> [Substring] {
        var pairs: [Substring] = []
        var start = list.startIndex
        var index = list.startIndex
        while let comma = list[index...].firstIndex(of: ",") {
            let rest = list[list.index(after: comma)...]
            let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if rest.dropFirst(key.count).first == "=" {
                pairs.append(list[start..<comma])
                start = rest.startIndex
            }
            index = rest.startIndex
        }
        pairs.append(list[start...])
        return pairs
    }

    package var description: String {
        parameters.isEmpty ? name : name + ":" + parameters.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// The value of parameter `key`, if given.
    package func value(_ key: String) -> String? { parameters.first { $0.key == key }?.value }
}

/// Why a rule spec cannot be used.
package enum RuleSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(spec: String, reason: String)
    case unknownRule(name: String, known: [String])
    case unknownParameter(spec: String, key: String, accepted: [String])
    case missingParameter(spec: String, key: String, expected: String)
    case badParameter(spec: String, key: String, expected: String)

    package var description: String {
        switch self {
        case .malformed(let spec, let reason): "rule '\(spec)': expected \(reason)"
        case .unknownRule(let name, let known):
            "unknown rule '\(name)'" + ClosestMatch.suggestion(name, among: known)
                + " (known: \(known.joined(separator: ", ")))"
        case .unknownParameter(let spec, let key, let accepted):
            "rule '\(spec)': unknown parameter '\(key)' (accepted: \(accepted.isEmpty ? "none" : accepted.joined(separator: ", ")))"
        case .missingParameter(let spec, let key, let expected):
            "rule '\(spec)': parameter '\(key)' is required: \(expected)"
        case .badParameter(let spec, let key, let expected): "rule '\(spec)': parameter '\(key)' must be \(expected)"
        }
    }
}

/// One parameter a rule accepts, as `rules` lists it.
package struct RuleParameter: Hashable, Sendable {
    package var key: String
    /// What the value must be, e.g. "a whole number from 1".
    package var expected: String
    /// The value used when the spec leaves the parameter out; `nil` when it is required
    /// and ``isOptional`` is false.
    package var defaultValue: String?
    /// Whether the parameter may be left out with no default (the rule then does without).
    package var isOptional: Bool

    package init(_ key: String, _ expected: String, default defaultValue: String? = nil, optional: Bool = false) {
        self.key = key
        self.expected = expected
        self.defaultValue = defaultValue
        self.isOptional = optional || defaultValue != nil
    }
}

/// A rule of the catalogue: its name, what it does, its parameters and how to build it.
package struct RuleDefinition: Sendable {
    package typealias Builder = @Sendable (RuleArguments) throws(RuleSpecError) -> any InputRule

    /// What a rule is for, the groups `rules` lists them in.
    package enum Purpose: String, Sendable, CaseIterable {
        case length = "Length limits"
        case characters = "Which characters"
        case numbers = "Numbers"
        case pattern = "Patterns"
        case reference = "No rule"
    }

    package var name: String
    /// One line: what the rule does.
    package var summary: String
    package var purpose: Purpose
    /// Where it comes from: `correct` for the harness's own, else the code it reproduces
    /// (`seed 000 (LXDTextRestrict)`).
    package var origin: String
    package var parameters: [RuleParameter]
    package var build: Builder

    package init(
        name: String, summary: String, purpose: Purpose, origin: String = "correct",
        parameters: [RuleParameter] = [], build: @escaping Builder
    ) {
        self.name = name
        self.summary = summary
        self.purpose = purpose
        self.origin = origin
        self.parameters = parameters
        self.build = build
    }

    /// `max-length:limit=…[,unit=…]` as `rules` shows the syntax.
    package var synopsis: String { RuleParameter.synopsis(of: name, parameters) }
}

extension RuleParameter {
    /// `name:limit=…[,unit=…]`: a rule's spec syntax with `parameters`, the optional ones
    /// in brackets, as `rules` shows it for the iOS and the Android catalogue alike.
    package static func synopsis(of name: String, _ parameters: [RuleParameter]) -> String {
        var out = name
        for (index, parameter) in parameters.enumerated() {
            let pair = (index == 0 ? ":" : ",") + "\(parameter.key)=…"
            out += parameter.isOptional ? "[\(pair)]" : pair
        }
        return out
    }
}

/// The parameters of a spec, read against the definition's list: typed accessors that
/// throw ``RuleSpecError`` naming the parameter and what it must be.
package struct RuleArguments: Sendable {
    package let spec: RuleSpec
    let parameters: [RuleParameter]

    /// The arguments of `spec` for a rule that takes `parameters`, once every parameter
    /// given is one it takes and every one it requires is given (any catalogue's rules,
    /// the iOS one's and the Android one's, are checked so).
    package init(checking spec: RuleSpec, against parameters: [RuleParameter]) throws(RuleSpecError) {
        let accepted = parameters.map(\.key)
        for parameter in spec.parameters where !accepted.contains(parameter.key) {
            throw .unknownParameter(spec: spec.description, key: parameter.key, accepted: accepted)
        }
        for parameter in parameters where !parameter.isOptional && spec.value(parameter.key) == nil {
            throw .missingParameter(spec: spec.description, key: parameter.key, expected: parameter.expected)
        }
        self.spec = spec
        self.parameters = parameters
    }

    /// The spec as written, for the rule's ``InputRule/spec``.
    package var specText: String { spec.description }

    /// The value given for `key`, else its default.
    package func string(_ key: String) -> String? {
        spec.value(key) ?? parameters.first { $0.key == key }?.defaultValue
    }

    /// The largest limit a rule takes: a million units is far past any real text field's
    /// limit (UIKit has none; HTML's `maxlength` fields are rarely over a few thousand), and
    /// larger values only make generated texts and sums absurd.
    package static let maximumLimit = 1_000_000

    /// A whole number from `minimum` to `maximum` (the largest limit a rule takes, by default).
    package func int(_ key: String, minimum: Int, maximum: Int = maximumLimit) throws(RuleSpecError) -> Int? {
        guard let text = string(key) else { return nil }
        guard let value = Int(text), value >= minimum, value <= maximum else { throw bad(key) }
        return value
    }

    /// The value, which must be one of `choices`.
    package func choice<Choice: RawRepresentable>(_ key: String, of choices: [Choice]) throws(RuleSpecError) -> Choice?
    where Choice.RawValue == String {
        guard let text = string(key) else { return nil }
        guard let value = Choice(rawValue: text), choices.contains(where: { $0.rawValue == text }) else {
            throw bad(key)
        }
        return value
    }

    /// The error for a value of `key` that is not what the definition expects.
    package func bad(_ key: String) -> RuleSpecError {
        .badParameter(
            spec: specText, key: key, expected: parameters.first { $0.key == key }?.expected ?? "valid")
    }
}

/// The rules the harness can build from a spec.
package struct RuleCatalogue: Sendable {
    /// The definitions, by name.
    private var definitions: [String: RuleDefinition]

    package init(_ definitions: [RuleDefinition]) {
        self.definitions = Dictionary(definitions.map { ($0.name, $0) }) { $1 }
    }

    /// The catalogue of this module: `none`.
    package static let standard = RuleCatalogue([
        RuleDefinition(
            name: "none", summary: "Accepts every change and rewrites nothing: what the platform models do alone.",
            purpose: .reference
        ) { _ throws(RuleSpecError) in AcceptEverything() }
    ])

    /// The names of the rules, sorted.
    package var names: [String] { definitions.keys.sorted() }

    /// The definitions, sorted by name.
    package var all: [RuleDefinition] { names.compactMap { definitions[$0] } }

    /// The catalogue with `other`'s rules added (a name in both keeps `other`'s).
    package func merging(_ other: RuleCatalogue) -> RuleCatalogue {
        RuleCatalogue(all + other.all)
    }

    /// Builds the rule `spec` names.
    ///
    /// - Throws: ``RuleSpecError`` for an unknown name, a malformed spec or a bad parameter.
    package func rule(_ spec: String) throws(RuleSpecError) -> any InputRule {
        try rule(RuleSpec(parsing: spec))
    }

    /// Builds the rule a parsed spec names, after checking its parameters against the definition.
    package func rule(_ spec: RuleSpec) throws(RuleSpecError) -> any InputRule {
        guard let definition = definitions[spec.name] else { throw .unknownRule(name: spec.name, known: names) }
        return try definition.build(RuleArguments(checking: spec, against: definition.parameters))
    }
}
