import Composition
import Graphemes
import HarnessJSON

extension FuzzResult {
    /// `{"rule", "seed", "shards", "iterations", "seconds", "properties", "failures": [{"property",
    /// "iteration", "original_events", "event", "profile", "message", "session"}]}`. Everything
    /// but `seconds` depends only on the rule, the seed, the shards and the iteration count.
    public var json: JSONValue {
        .object([
            ("rule", .string(rule)), ("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .bigInteger(String(seed))),
            ("shards", .array(shards.map { .string($0.description) })), ("iterations", .int(iterations)),
            ("seconds", .double((seconds * 1000).rounded() / 1000)), ("failures", failuresJSON),
        ])
    }

    /// The failures alone (what must be byte-identical across runs).
    public var failuresJSON: JSONValue {
        .array(
            failures.map { failure in
                .object([
                    ("property", .string(failure.property.rawValue)), ("iteration", .int(failure.iteration)),
                    ("original_events", .int(failure.originalEvents)),
                    ("event", failure.detail.event.map { .int($0) } ?? .null),
                    ("profile", .string(failure.detail.profile)), ("message", .string(failure.detail.message)),
                    ("session", failure.session.json),
                ])
            })
    }

    /// Reads a result written by ``json``.
    public init(json node: JSONNode) throws(JSONDecodingError) {
        let seedNode = try node.member("seed")
        let seed: UInt64? =
            switch seedNode.value {
            case .int(let value): value >= 0 ? UInt64(value) : nil
            case .bigInteger(let digits): UInt64(digits)
            default: nil
            }
        guard let seed else { throw seedNode.mismatch("a seed (a whole number from 0 to 2^64 - 1)") }
        let shards = try node.member("shards").elements().map { element throws(JSONDecodingError) in
            guard let shard = Shard(parsing: try element.string()) else { throw element.mismatch("a shard I/N") }
            return shard
        }
        let failures = try node.member("failures").elements().map { element throws(JSONDecodingError) in
            let propertyNode = try element.member("property")
            guard let property = FuzzProperty(rawValue: try propertyNode.string()) else {
                throw propertyNode.mismatch(
                    "a property (\(FuzzProperty.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let eventNode = try element.member("event")
            return FuzzFailure(
                property: property, iteration: try element.member("iteration").int(),
                originalEvents: try element.member("original_events").int(),
                session: try Session(json: element.member("session")),
                detail: PropertyFailure(
                    property: property, event: eventNode.value == .null ? nil : try eventNode.int(),
                    profile: try element.member("profile").string(), message: try element.member("message").string()))
        }
        self.init(
            rule: try node.member("rule").string(), seed: seed, shards: shards,
            iterations: try node.member("iterations").int(), seconds: try Self.number(node.member("seconds")),
            failures: failures)
    }

    private static func number(_ node: JSONNode) throws(JSONDecodingError) -> Double {
        switch node.value {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: throw node.mismatch("a number")
        }
    }

    /// Results of shards of one campaign (the same rule and seed) as one: iterations and
    /// seconds summed, and per property the failure of the lowest iteration — exactly
    /// what one run over the shards' union reports.
    ///
    /// - Throws: ``MergeError`` when the results are of different rules or seeds, or overlap.
    public static func merging(_ results: [FuzzResult]) throws(MergeError) -> FuzzResult {
        guard let first = results.first else { throw .nothingToMerge }
        for result in results where result.rule != first.rule || result.seed != first.seed {
            throw .mismatched(
                "results of rule '\(result.rule)' seed \(result.seed) and rule '\(first.rule)' seed \(first.seed)")
        }
        let shards = results.flatMap(\.shards)
        guard Set(shards).count == shards.count else { throw .mismatched("shard listed twice") }
        var best: [FuzzProperty: FuzzFailure] = [:]
        for failure in results.flatMap(\.failures)
        where best[failure.property].map({ failure.iteration < $0.iteration }) ?? true {
            best[failure.property] = failure
        }
        return FuzzResult(
            rule: first.rule, seed: first.seed, shards: shards.sorted { ($0.count, $0.index) < ($1.count, $1.index) },
            iterations: results.reduce(0) { $0 + $1.iterations }, seconds: results.reduce(0) { $0 + $1.seconds },
            failures: FuzzProperty.allCases.compactMap { best[$0] })
    }
}

/// Why results cannot be merged.
public enum MergeError: Error, Hashable, Sendable, CustomStringConvertible {
    case nothingToMerge
    case mismatched(String)

    public var description: String {
        switch self {
        case .nothingToMerge: "no results to merge"
        case .mismatched(let what): "cannot merge \(what)"
        }
    }
}
