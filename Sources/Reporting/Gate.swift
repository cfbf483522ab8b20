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
    case kinds(Set<FindingKind>)

    /// How `--fail-on` names it: `none`, `rule`, `platform`, `all`, or the kinds in order.
    package var name: String {
        switch self {
        case .none: "none"
        case .rule: "rule"
        case .platform: "platform"
        case .all: "all"
        case .kinds(let kinds): kinds.sorted().map(\.name).joined(separator: ",")
        }
    }

    /// Whether a finding of `kind` fails the run. A keyboard handler's findings are what
    /// `rule` means for a keyboard run: the code under test.
    package func fails(_ kind: FindingKind) -> Bool {
        switch self {
        case .none: false
        case .rule: kind.cause != .platform
        case .platform: kind.cause == .platform
        case .all: true
        case .kinds(let kinds): kinds.contains(kind)
        }
    }

    /// Reads a `--fail-on` value: `none`, `rule`, `platform`, `all`, or kinds of `family`
    /// separated by commas.
    ///
    /// - Returns: the gate, or a message naming what is wrong and, for a misspelt kind, the
    ///   closest known one.
    package static func parse(_ text: String, family: FindingKind.Family) -> Result<Gate, GateError> {
        switch text {
        case "none": return .success(.none)
        case "rule": return .success(.rule)
        case "platform": return .success(.platform)
        case "all": return .success(.all)
        default: break
        }
        var kinds: Set<FindingKind> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let kind = FindingKind(name, family: family) else {
                let known = FindingKind.all(family).map(\.name)
                return .failure(
                    GateError(
                        value: name,
                        suggestion: ClosestMatch.find(name, among: ["none", "rule", "platform", "all"] + known)))
            }
            kinds.insert(kind)
        }
        return .success(.kinds(kinds))
    }
}

/// A `--fail-on` value that names no gate or kind.
package struct GateError: Error, Equatable, Sendable {
    package var value: String
    package var suggestion: String?
}
