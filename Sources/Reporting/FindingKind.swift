import Composition
import Fuzzing
import HarnessJSON
import KeyboardOverlap

/// What a finding says is wrong: the one vocabulary of every check the harness makes,
/// from the detector that finds it to the renderer that shows it.
///
/// Each check keeps its own enumeration of what it can find (a replay's
/// ``DiscrepancyKind``, a fuzz ``FuzzProperty``, a keyboard replay's
/// ``KeyboardInvariant``), so a detector cannot report what it does not check; a report
/// holds them as this one type, and only the JSON files hold them as their ``name``. Two
/// families share names (`limit-exceeded` is both a discrepancy and a property, said the
/// same way), so a name is read back within its ``Family``.
package enum FindingKind: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A replay's discrepancy: a platform model against itself, or the rule against its contract.
    case discrepancy(DiscrepancyKind)
    /// A fuzz property that a generated session broke.
    case property(FuzzProperty)
    /// A keyboard-overlap invariant that a handler broke.
    case keyboard(KeyboardInvariant)

    /// Which check finds a kind: the run kinds `replay`, `fuzz` and `keyboard`.
    package enum Family: String, Sendable, CaseIterable {
        case replay, fuzz, keyboard
    }

    /// What a finding of a kind points at, and so who has a bug to fix.
    package enum Cause: String, Sendable {
        /// How a platform reports a change, or how a profile compares with recordings:
        /// shown whatever the rule (``DiscrepancyKind/Cause/platform``).
        case platform
        /// The text rule under test.
        case rule
        /// The keyboard-overlap handler under test.
        case handler
    }

    /// The stable identifier written in results, baselines and `--fail-on`.
    package var name: String {
        switch self {
        case .discrepancy(let kind): kind.rawValue
        case .property(let property): property.rawValue
        case .keyboard(let invariant): invariant.rawValue
        }
    }

    package var description: String { name }

    package var family: Family {
        switch self {
        case .discrepancy: .replay
        case .property: .fuzz
        case .keyboard: .keyboard
        }
    }

    package var cause: Cause {
        switch self {
        case .discrepancy(let kind):
            switch kind.cause {
            case .platform: .platform
            case .rule: .rule
            }
        case .property: .rule
        case .keyboard: .handler
        }
    }

    /// One sentence saying what a finding of the kind means, for reports.
    package var explanation: String {
        switch self {
        case .discrepancy(let kind): kind.explanation
        case .property(let property): property.explanation
        case .keyboard(let invariant): invariant.explanation
        }
    }

    /// Every kind of `family`, in its documented order.
    package static func all(_ family: Family) -> [FindingKind] {
        switch family {
        case .replay: DiscrepancyKind.allCases.map(FindingKind.discrepancy)
        case .fuzz: FuzzProperty.allCases.map(FindingKind.property)
        case .keyboard: KeyboardInvariant.allCases.map(FindingKind.keyboard)
        }
    }

    /// The kind of `family` whose ``name`` is `name`, or `nil` when it has none.
    package init?(_ name: String, family: Family) {
        switch family {
        case .replay:
            // A replay with Android profiles also finds what only the fuzzer's properties
            // name (`deletion-blocked`, `typed-text-lost`): read as those.
            if let kind = DiscrepancyKind(rawValue: name) {
                self = .discrepancy(kind)
            } else if let property = FuzzProperty(rawValue: name) {
                self = .property(property)
            } else {
                return nil
            }
        case .fuzz:
            guard let property = FuzzProperty(rawValue: name) else { return nil }
            self = .property(property)
        case .keyboard:
            guard let invariant = KeyboardInvariant(rawValue: name) else { return nil }
            self = .keyboard(invariant)
        }
    }

    /// Where the kind stands in the documentation: its family's place, then its place
    /// among the family's kinds (the order of ``all(_:)``).
    package var documentedOrder: (Int, Int) {
        let family = Family.allCases.firstIndex(of: family) ?? 0
        return (family, Self.all(self.family).firstIndex(of: self) ?? 0)
    }

    /// Ordered by family, then name: the order of lists sorted for output.
    package static func < (a: Self, b: Self) -> Bool {
        (a.family.rawValue, a.name) < (b.family.rawValue, b.name)
    }
}

extension JSONNode {
    /// Reads a ``FindingKind`` of `family` by its name.
    ///
    /// - Throws: ``JSONDecodingError`` naming the kinds the family knows.
    package func findingKind(_ family: FindingKind.Family) throws(JSONDecodingError) -> FindingKind {
        let name = try string()
        guard let kind = FindingKind(name, family: family) else {
            throw mismatch(
                "a \(family.rawValue) finding kind (\(FindingKind.all(family).map(\.name).joined(separator: ", ")))")
        }
        return kind
    }
}
