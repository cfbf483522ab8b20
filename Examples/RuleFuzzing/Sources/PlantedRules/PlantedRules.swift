import Foundation
import IMEHarness

/// Rules with a bug behind nested conditions, to measure what coverage guidance buys.
///
/// Each is a correct 10-unit limit (`(updated as NSString).length <= 10`) except where a
/// chain of conditions on the field's text holds: then it lets the change through, and
/// the field exceeds the limit (`limit-exceeded`). Depth 1 needs the text to be 7 units
/// long; each further level adds one condition — a Han character in it, a `7` at its end,
/// an `a` at its start with a replacement of at least 4 units. Random sessions meet every condition at once
/// rarely; a coverage-guided fuzzer keeps the inputs that get one level deeper (a new
/// branch) and mutates those.
public enum PlantedRules {
    /// What the planted rules promise: at most 10 UTF-16 units. A delegate limit refuses
    /// the marked text that would pass it (not composition-safe, as seed 000's limits),
    /// and that is not what is measured: only the limit is checked.
    public static let contract = RuleContract(
        promise: "at most 10 utf16", limit: .init(10, .utf16),
        unchecked: ["typed-text-lost", "committed-text-lost", "deletion-blocked", "profile-dependent"])

    /// The planted rule of `depth` (1 to 4), named `planted-DEPTH`.
    public static func rule(depth: Int) -> DelegateRule {
        DelegateRule(
            "planted-\(depth)", contract: contract
        ) { (text: AppleString, range: NSRange, replacement: AppleString, _: NSRange?) in
            // NSString semantics (AppleString): UTF-16 units, lone surrogates kept. A range
            // past the text (which iOS 26's multi-range calls can carry) is refused.
            guard range.location <= text.length, range.length <= text.length - range.location else { return false }
            let current = (0..<text.length).map(text.character(at:))
            let updated = text.replacingCharacters(in: range, with: replacement).length
            var reached = 0
            if current.count == 7 {
                reached = 1
                if depth > 1, current.contains(where: { (0x4E00...0x9FFF).contains($0) }) {
                    reached = 2
                    if depth > 2, current.last == 0x37 {  // "7"
                        reached = 3
                        if depth > 3, current.first == 0x61, replacement.length >= 4 { reached = 4 }  // "a"
                    }
                }
            }
            return updated <= (reached == depth ? 16 : 10)
        }
    }

    /// The rule `IMEHARNESS_RULE` names: `planted-1` … `planted-4`, or a catalogue spec
    /// (`legacy-truncate-count:limit=6`); the default is `planted-3`.
    public static func fromEnvironment() -> any InputRule {
        let spec = ProcessInfo.processInfo.environment["IMEHARNESS_RULE"] ?? "planted-3"
        if spec.hasPrefix("planted-"), let depth = Int(spec.dropFirst("planted-".count)), (1...4).contains(depth) {
            return rule(depth: depth)
        }
        do {
            return try Rules.named(spec)
        } catch {
            fatalError("IMEHARNESS_RULE=\(spec): \(error)")
        }
    }
}
