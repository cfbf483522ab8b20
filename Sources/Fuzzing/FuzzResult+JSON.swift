import Composition
import Graphemes
import HarnessJSON

extension FuzzResult {
    /// `{"rule", "seed", "shards", "iterations", "seconds", "properties", "examined": {PROPERTY:
    /// [ITERATION…]}, "failures": [{"property", "iteration", "original_events", "event", "profile",
    /// "message", "why", "shape", "also_at", "session", "traces"}]}`, `why` saying in the contract's
    /// words why it is the rule's fault, `shape` being the root cause and
    /// `also_at` the other iterations minimised to it, `traces` being the minimised session's replay
    /// per profile (see ``Trace/json``).
    /// Everything but `seconds` depends only on the rule, the seed, the shards and the
    /// iteration count.
    package var json: JSONValue {
        .object([
            ("rule", .string(rule)), ("seed", .unsignedInteger(seed)),
            ("shards", .array(shards.map { .string($0.description) })), ("iterations", .int(iterations)),
            ("seconds", .double((seconds * 1000).rounded() / 1000)),
            ("properties", .array(properties.map { .string($0.rawValue) })),
            (
                "examined",
                .object(
                    FuzzProperty.allCases.compactMap { property in
                        examined[property].map { (property.rawValue, .array($0.map { .int($0) })) }
                    })
            ),
            ("failures", failuresJSON),
        ])
    }

    /// The failures alone (what must be byte-identical across runs).
    package var failuresJSON: JSONValue {
        .array(
            failures.map { failure in
                .object([
                    ("property", .string(failure.property.rawValue)), ("iteration", .int(failure.iteration)),
                    ("original_events", .int(failure.originalEvents)),
                    ("event", failure.detail.event.map { .int($0) } ?? .null),
                    ("profile", .string(failure.detail.profile)), ("message", .string(failure.detail.message)),
                    ("why", failure.detail.why.map { .string($0) } ?? .null),
                    ("shape", .string(failure.shape)), ("also_at", .array(failure.alsoAt.map { .int($0) })),
                    ("session", failure.session.json),
                    ("traces", .array(failure.traces.map(\.json))),
                ])
            })
    }

    /// Reads a result written by ``json``.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        let seed = try node.member("seed").unsignedInteger()
        let shards = try node.member("shards").elements().map { element throws(JSONDecodingError) in
            guard let shard = Shard(parsing: try element.string()) else { throw element.mismatch("a shard I/N") }
            return shard
        }
        let properties = try node.optionalMember("properties")?.elements().map { element throws(JSONDecodingError) in
            try Self.property(element)
        }
        let failures = try node.member("failures").elements().map { element throws(JSONDecodingError) in
            let property = try Self.property(element.member("property"))
            let eventNode = try element.member("event")
            let session = try Session(json: element.member("session"))
            var detail = PropertyFailure(
                property: property, event: eventNode.value.isNull ? nil : try eventNode.count(),
                profile: try element.member("profile").string(), message: try element.member("message").string())
            if let why = try element.optionalMember("why"), !why.value.isNull { detail.why = try why.string() }
            let traces =
                try element.optionalMember("traces")?.elements().map { trace throws(JSONDecodingError) in
                    try Trace(json: trace)
                } ?? []
            var failure = FuzzFailure(
                property: property, iteration: try element.member("iteration").count(),
                originalEvents: try element.member("original_events").count(), session: session, detail: detail,
                shape: try element.optionalMember("shape")?.string() ?? Fuzzer.rootCause(of: detail, traces: traces),
                traces: traces)
            failure.alsoAt =
                try element.optionalMember("also_at")?.elements().map { item throws(JSONDecodingError) in
                    try item.count()
                } ?? []
            return failure
        }
        var examined: [FuzzProperty: [Int]] = [:]
        if let node = try node.optionalMember("examined") {
            for (name, list) in try node.members() {
                guard let property = FuzzProperty(rawValue: name) else {
                    throw list.mismatch(
                        "iterations of a property (\(FuzzProperty.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                examined[property] = try list.elements().map { element throws(JSONDecodingError) in try element.count()
                }
            }
        } else {
            for failure in failures { examined[failure.property, default: []].append(failure.iteration) }
        }
        self.init(
            rule: try node.member("rule").string(), seed: seed, shards: shards,
            iterations: try node.member("iterations").count(),
            seconds: try node.member("seconds").nonNegativeNumber(),
            properties: properties ?? failures.map(\.property), examined: examined, failures: failures)
    }

    private static func property(_ node: JSONNode) throws(JSONDecodingError) -> FuzzProperty {
        guard let property = FuzzProperty(rawValue: try node.string()) else {
            throw node.mismatch("a property (\(FuzzProperty.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return property
    }

    /// Results of shards of one campaign (the same rule and seed) as one: iterations and
    /// seconds summed, and per property the distinct failures among the first examined
    /// iterations of the union — exactly what one run over the shards' union reports, since
    /// each shard examines its own first failing iterations, a superset of its share of the
    /// union's first.
    ///
    /// - Throws: ``MergeError`` when the results are of different rules or seeds, or overlap.
    package static func merging(_ results: [FuzzResult]) throws(MergeError) -> FuzzResult {
        guard let first = results.first else { throw .nothingToMerge }
        for result in results where result.rule != first.rule || result.seed != first.seed {
            throw .mismatched(
                "results of rule '\(result.rule)' seed \(result.seed) and rule '\(first.rule)' seed \(first.seed)")
        }
        var examined: [FuzzProperty: [Int]] = [:]
        for result in results {
            for (property, iterations) in result.examined { examined[property, default: []] += iterations }
        }
        examined = examined.mapValues { Array($0.sorted().prefix(Fuzzer.examinedPerProperty)) }
        let totals = try MergeError.totals(results.map { ($0.shards, $0.iterations, $0.seconds) })
        return FuzzResult(
            rule: first.rule, seed: first.seed, shards: totals.shards, iterations: totals.iterations,
            seconds: totals.seconds,
            properties: FuzzProperty.allCases.filter { property in results.contains { $0.properties.contains(property) }
            },
            examined: examined, failures: distinct(results.flatMap(\.failures), examined: examined))
    }
}

/// Why results cannot be merged.
package enum MergeError: Error, Hashable, Sendable, CustomStringConvertible {
    case nothingToMerge
    case mismatched(String)

    /// The shards of parts of one campaign, sorted (none twice), and their iterations and
    /// seconds summed: sums of numbers read from files, checked, so that shards claiming
    /// absurd counts are an error rather than a trap or an infinity that no JSON can hold.
    package static func totals(_ parts: [(shards: [Shard], iterations: Int, seconds: Double)]) throws(MergeError) -> (
        shards: [Shard], iterations: Int, seconds: Double
    ) {
        let shards = parts.flatMap(\.shards)
        guard Set(shards).count == shards.count else { throw .mismatched("shard listed twice") }
        var iterations = 0
        var seconds = 0.0
        for part in parts {
            let (sum, overflow) = iterations.addingReportingOverflow(part.iterations)
            guard !overflow else { throw .mismatched("shards whose iterations add up to more than \(Int.max)") }
            iterations = sum
            seconds += part.seconds
            guard seconds.isFinite else { throw .mismatched("shards whose seconds add up to more than 1.8e308") }
        }
        return (shards.sorted { ($0.count, $0.index) < ($1.count, $1.index) }, iterations, seconds)
    }

    package var description: String {
        switch self {
        case .nothingToMerge: "no results to merge"
        case .mismatched(let what): "cannot merge \(what)"
        }
    }
}
