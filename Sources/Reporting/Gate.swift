import Composition

/// Which findings fail a run (`--fail-on`): the verdict a CI gate reads from the exit
/// code and the PASS/FAIL headline of every report.
///
/// A replay without `--rule` shows what the platforms do on their own, which is no one's
/// bug to fix: it reports and passes (``none``) unless asked otherwise. With a rule, the
/// gate fails on what the rule causes (``rule``: the kinds whose ``DiscrepancyKind/cause``
/// is the rule, every one of which is either a promise the rule makes or damage it does),
/// and reports the platform's discrepancies beside them. A fuzz run fails on any property
/// failure (``all``).
package enum Gate: Equatable, Sendable {
    /// Nothing fails: findings are reported.
    case none
    /// Findings the rule causes fail.
    case rule
    /// Findings of the platform models (how iOS reports a change) fail.
    case platform
    /// Every finding fails.
    case all
    /// Findings of these kinds fail.
    case kinds(Set<String>)

    /// How `--fail-on` names it: `none`, `rule`, `platform`, `all`, or the kinds in order.
    package var name: String {
        switch self {
        case .none: "none"
        case .rule: "rule"
        case .platform: "platform"
        case .all: "all"
        case .kinds(let kinds): kinds.sorted().joined(separator: ",")
        }
    }

    /// Whether a finding of `kind` fails the run. A kind replay does not know (a fuzz
    /// property) counts as the rule's.
    package func fails(_ kind: String) -> Bool {
        let cause = DiscrepancyKind(rawValue: kind)?.cause ?? .rule
        return switch self {
        case .none: false
        case .rule: cause == .rule
        case .platform: cause == .platform
        case .all: true
        case .kinds(let kinds): kinds.contains(kind)
        }
    }

    /// Reads a `--fail-on` value: `none`, `rule`, `platform`, `all`, or kinds separated by
    /// commas, each one of `known`.
    ///
    /// - Returns: the gate, or a message naming what is wrong and, for a misspelt kind, the
    ///   closest known one.
    package static func parse(_ text: String, known: [String]) -> Result<Gate, GateError> {
        switch text {
        case "none": return .success(.none)
        case "rule": return .success(.rule)
        case "platform": return .success(.platform)
        case "all": return .success(.all)
        default: break
        }
        let kinds = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for kind in kinds where !known.contains(kind) {
            return .failure(
                GateError(
                    value: kind,
                    suggestion: ClosestMatch.find(kind, among: ["none", "rule", "platform", "all"] + known)))
        }
        return .success(.kinds(Set(kinds)))
    }
}

/// A `--fail-on` value that names no gate or kind.
package struct GateError: Error, Equatable, Sendable {
    package var value: String
    package var suggestion: String?
}
