/// A rule named as on the command line: `NAME[:key=value,...]`.
public struct RuleSpec: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    /// The parameters in the order written.
    public var parameters: [(key: String, value: String)]

    public static func == (lhs: RuleSpec, rhs: RuleSpec) -> Bool {
        lhs.name == rhs.name && lhs.parameters.elementsEqual(rhs.parameters) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        for parameter in parameters {
            hasher.combine(parameter.key)
            hasher.combine(parameter.value)
        }
    }

    /// Parses `NAME[:key=value,...]`.
    ///
    /// - Throws: ``RuleSpecError`` naming the part that is malformed.
    public init(parsing spec: String) throws(RuleSpecError) {
        let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw .malformed(spec: spec, reason: "a rule name of letters, digits and '-'")
        }
        self.name = name
        var parameters: [(key: String, value: String)] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard keyValue.count == 2, !keyValue[0].isEmpty else {
                    throw .malformed(spec: spec, reason: "key=value pairs separated by ',', found '\(pair)'")
                }
                guard !parameters.contains(where: { $0.key == keyValue[0] }) else {
                    throw .malformed(spec: spec, reason: "each key once, found '\(keyValue[0])' twice")
                }
                parameters.append((String(keyValue[0]), String(keyValue[1])))
            }
        }
        self.parameters = parameters
    }

    public var description: String {
        parameters.isEmpty ? name : name + ":" + parameters.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// The value of parameter `key`, if given.
    public func value(_ key: String) -> String? { parameters.first { $0.key == key }?.value }
}

/// Why a rule spec cannot be used.
public enum RuleSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(spec: String, reason: String)
    case unknownRule(name: String, known: [String])
    case badParameter(spec: String, key: String, expected: String)

    public var description: String {
        switch self {
        case .malformed(let spec, let reason): "rule '\(spec)': expected \(reason)"
        case .unknownRule(let name, let known): "unknown rule '\(name)' (known: \(known.joined(separator: ", ")))"
        case .badParameter(let spec, let key, let expected): "rule '\(spec)': parameter '\(key)' must be \(expected)"
        }
    }
}

/// The rules the harness can build from a spec.
public struct RuleCatalogue: Sendable {
    public typealias Factory = @Sendable (RuleSpec) throws(RuleSpecError) -> any InputRule

    private var factories: [String: Factory]

    public init(_ factories: [String: Factory]) {
        self.factories = factories
    }

    /// The catalogue of this module: `none`.
    public static let standard = RuleCatalogue([
        "none": { spec throws(RuleSpecError) in
            if let parameter = spec.parameters.first {
                throw .badParameter(
                    spec: spec.description, key: parameter.key, expected: "absent: 'none' takes no parameters")
            }
            return AcceptEverything()
        }
    ])

    /// The names of the rules, sorted.
    public var names: [String] { factories.keys.sorted() }

    /// The catalogue with `other`'s rules added (a name in both keeps `other`'s).
    public func merging(_ other: RuleCatalogue) -> RuleCatalogue {
        RuleCatalogue(factories.merging(other.factories) { $1 })
    }

    /// Builds the rule `spec` names.
    ///
    /// - Throws: ``RuleSpecError`` for an unknown name, a malformed spec or a bad parameter.
    public func rule(_ spec: String) throws(RuleSpecError) -> any InputRule {
        let parsed = try RuleSpec(parsing: spec)
        guard let factory = factories[parsed.name] else { throw .unknownRule(name: parsed.name, known: names) }
        return try factory(parsed)
    }
}
