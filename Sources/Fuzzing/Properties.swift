import Composition
import Graphemes

/// A property the fuzzer checks on every generated session, under every profile. The raw
/// values are the stable names used in output and in saved counterexamples.
package enum FuzzProperty: String, CaseIterable, Sendable, Codable {
    /// The committed text broke the limit the rule declares (replay's `limit-exceeded`).
    case limitExceeded = "limit-exceeded"
    /// The text gained a lone surrogate or a split grapheme (replay's `broken-text`).
    case brokenText = "broken-text"
    /// A rule that promises composition safety interrupted a composition.
    case compositionInterrupted = "composition-interrupted"
    /// A deletion (a call with an empty replacement) was refused.
    case deletionBlocked = "deletion-blocked"
    /// A rule that claims profile independence decided or ended differently under two profiles.
    case profileDependent = "profile-dependent"
    /// The committed text holds a cluster of a class the rule forbids or does not allow.
    case disallowedClass = "disallowed-class"
    /// The committed text breaks the rule's ``TextPromise`` (a number, an amount, a pattern).
    case promiseBroken = "promise-broken"
    /// Text the user committed was lost although keeping it broke none of the rule's
    /// promises: an emoji in an emoji-only field, 中 that fits a length limit.
    case typedTextLost = "typed-text-lost"
    /// Committed text the event did not touch disappeared.
    case committedTextLost = "committed-text-lost"
    /// The rule would bring the app down (replay's `rule-crashed`): a regular expression
    /// that ran past ICU's limits.
    case ruleCrashed = "rule-crashed"

    /// The property a replay discrepancy of `kind` decides, if any: the same finding, or
    /// (a verdict or final text that differs by profile) what breaks profile independence.
    init?(deciding kind: DiscrepancyKind) {
        switch kind {
        case .limitExceeded: self = .limitExceeded
        case .compositionInterrupted: self = .compositionInterrupted
        case .verdictMismatch, .finalTextMismatch: self = .profileDependent
        case .ruleCrashed: self = .ruleCrashed
        default: return nil
        }
    }

    /// One sentence saying what a failure of the property means, for reports.
    package var explanation: String {
        switch self {
        case .limitExceeded, .compositionInterrupted, .ruleCrashed:
            // The same finding as replay's kind of the same name, said the same way.
            DiscrepancyKind(rawValue: rawValue)?.explanation ?? rawValue
        case .brokenText: "The rule left a fragment of a character: a lone surrogate or part of an emoji sequence."
        case .deletionBlocked: "The rule refused a deletion, so the user cannot remove what is in the field."
        case .profileDependent:
            "The rule decides or ends differently on iOS versions that report the same keystroke differently."
        case .disallowedClass: "The committed text holds a character of a kind the rule forbids."
        case .promiseBroken: "The committed text is not what the rule promises (a number, an amount, a pattern)."
        case .typedTextLost:
            "Text the user committed was dropped although keeping it broke none of the rule's promises."
        case .committedTextLost: "Committed text that the keystroke did not touch disappeared."
        }
    }

    /// Whether the property applies to a rule with `contract`.
    package func applies(to contract: RuleContract) -> Bool {
        guard !contract.unchecked.contains(rawValue) else { return false }
        return switch self {
        case .limitExceeded: contract.limit != nil
        case .compositionInterrupted: contract.compositionSafe
        case .profileDependent: contract.profileIndependent
        case .disallowedClass: contract.allowedClasses != nil || !contract.deniedClasses.isEmpty
        case .promiseBroken: contract.textPromise != nil
        case .brokenText, .deletionBlocked, .typedTextLost, .committedTextLost, .ruleCrashed: true
        }
    }
}

/// One property failing at one event under one profile.
package struct PropertyFailure: Hashable, Sendable {
    package var property: FuzzProperty
    /// The event index, or `nil` for the session as a whole.
    package var event: Int?
    package var profile: String
    package var message: String
}

/// Checks the properties of one replayed session.
struct PropertyChecker {
    let contract: RuleContract
    let properties: [FuzzProperty]
    /// Each profile's model, to apply an event as the field would with no rule.
    let models: [String: DelegateModel]
    /// Finds broken spots, to tell the ones a rule made from the ones the user typed.
    let analyzer: TextAnalyzer

    init(contract: RuleContract, profiles: [PlatformProfile], analyzer: TextAnalyzer) {
        self.analyzer = analyzer
        self.contract = contract
        properties = FuzzProperty.allCases.filter { $0.applies(to: contract) }
        models = Dictionary(profiles.map { ($0.name, DelegateModel(profile: $0)) }) { first, _ in first }
    }

    func wants(_ property: FuzzProperty) -> Bool { properties.contains(property) }

    /// The first failure of each property, gathered step by step as a replay makes them.
    struct Collector {
        var found: [FuzzProperty: PropertyFailure] = [:]

        mutating func add(_ property: FuzzProperty, _ event: Int?, _ profile: String, _ message: () -> String) {
            guard found[property] == nil else { return }
            found[property] = PropertyFailure(property: property, event: event, profile: profile, message: message())
        }

        /// The failures, in the order of ``FuzzProperty/allCases``.
        var failures: [PropertyFailure] { FuzzProperty.allCases.compactMap { found[$0] } }
    }

    /// Checks one step of `profile` (skipped steps have nothing to check).
    func check(_ step: TraceStep, profile: String, into collector: inout Collector) {
        guard step.skipped == nil, let model = models[profile] else { return }
        check(step, model: model, profile: profile) { property, event, profile, message in
            if wants(property) { collector.add(property, event, profile, message) }
        }
    }

    /// Adds the properties that replay's own discrepancies decide.
    func check(_ discrepancies: [Discrepancy], into collector: inout Collector) {
        for discrepancy in discrepancies {
            if let property = FuzzProperty(deciding: discrepancy.kind), wants(property) {
                collector.add(property, discrepancy.event, discrepancy.profiles.first ?? "") { discrepancy.message }
            }
        }
    }

    private func check(
        _ step: TraceStep, model: DelegateModel, profile: String,
        add: (FuzzProperty, Int?, String, @autoclosure () -> String) -> Void
    ) {
        let event = step.eventIndex
        if wants(.deletionBlocked),
            let refused = step.calls.first(where: {
                $0.call.replacement.isEmpty && !$0.accepted && !$0.call.ranges.allSatisfy(\.isEmpty)
            })
        {
            add(
                .deletionBlocked, event, profile,
                "the rule refused the deletion \(refused.call) on \"\(refused.seen.notation)\"")
        }
        // When the rule accepted every call and assigned nothing, the field did exactly what
        // it does with no rule: only the promises about the text itself can fail.
        let ruleActed = step.rewrittenTo != nil || !step.accepted
        guard ruleActed || wants(.disallowedClass) || wants(.promiseBroken) else { return }
        let before = step.before.committedText
        let after =
            step.after.text == step.before.text && step.after.markedRange == step.before.markedRange
            ? before : step.after.committedText
        if after != before {
            if wants(.disallowedClass), let cluster = disallowedCluster(in: after) {
                add(
                    .disallowedClass, event, profile,
                    "the committed text \"\(after.visibleDescription)\" holds \"\(cluster.visibleDescription)\"")
            }
            if wants(.promiseBroken), let promise = contract.textPromise, !promise.holds(for: after) {
                add(
                    .promiseBroken, event, profile,
                    "the committed text \"\(after.visibleDescription)\" does not keep the promise: \(promise)")
            }
        }
        guard ruleActed else { return }
        var plain = TextField(step.before)
        model.apply(.event(step.event), to: &plain)
        if wants(.brokenText), !step.newBrokenSpots.isEmpty,
            analyzer.brokenSpots(in: step.after.text).count
                > max(analyzer.brokenSpots(in: plain.text).count, analyzer.brokenSpots(in: before).count)
        {
            // More broken than the user's own edit left it, and than the committed text was:
            // the rule's doing.
            add(
                .brokenText, event, profile,
                "after \(step.event) the field holds \"\(step.after.notation)\" with \(step.newBrokenSpots.map(\.description).joined(separator: ", "))"
            )
        }
        let intended = plain.state.committedText
        if wants(.committedTextLost) {
            let (prefix, suffix) = before.commonAffixes(with: intended)
            if !after.units.starts(with: before.units[..<prefix])
                || !after.units.reversed().starts(with: before.units[(before.length - suffix)...].reversed())
                || after.length < prefix + suffix
            {
                add(
                    .committedTextLost, event, profile,
                    "\(step.event) turned \"\(step.before.notation)\" into \"\(step.after.notation)\": committed text it did not touch is gone"
                )
            }
        }
        if wants(.typedTextLost), intended != before, after != intended, welcome(intended) {
            add(
                .typedTextLost, event, profile,
                "\(step.event) on \"\(step.before.notation)\" should leave \"\(intended.visibleDescription)\" (within every promise of the rule) but left \"\(step.after.notation)\""
            )
        }
    }

    /// Whether a committed text keeps every promise of the contract.
    func welcome(_ text: UTF16Text) -> Bool {
        if let limit = contract.limit, text.exceeds(limit.count, in: limit.unit) { return false }
        if let promise = contract.textPromise, !promise.holds(for: text) { return false }
        return disallowedCluster(in: text) == nil
    }

    /// The first cluster of `text` the contract's classes do not allow.
    func disallowedCluster(in text: UTF16Text) -> UTF16Text? {
        guard contract.allowedClasses != nil || !contract.deniedClasses.isEmpty else { return nil }
        let boundaries = text.graphemeBoundaries
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            let cluster = text.units[start..<end]
            let allowed = cluster.withUnsafeBufferPointer { units -> Bool in
                let classification = ClusterClassifier.classify(units)
                if contract.deniedClasses.contains(where: { $0.contains(units, classified: classification) }) {
                    return false
                }
                return contract.allowedClasses?.contains { $0.contains(units, classified: classification) } ?? true
            }
            if !allowed { return UTF16Text(units: cluster) }
        }
        return nil
    }
}
