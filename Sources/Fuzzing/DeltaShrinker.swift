/// Reduces a failing sequence to a small one that still fails: the loop every shrinker
/// here shares (text sessions' events, keyboard sessions' events).
///
/// Passes, repeated until none helps or the budget of tries is spent: drop runs of
/// elements (halves first, then single ones), then replace each element by each of its
/// simplifications in turn. A candidate is tried only when it is plausible; deterministic
/// for the same input.
///
/// Public (and exported by `IMEHarness` on its own) for shrinkers outside the package:
/// the engine recorder shrinks generated key scripts with it.
public struct DeltaShrinker<Element: Equatable> {
    /// Whether a candidate is a sequence the platform could produce.
    public let isPlausible: ([Element]) -> Bool
    /// Simpler versions of one element, simplest first.
    public let simplifications: (Element) -> [Element]
    /// Whether a candidate still fails.
    public let fails: ([Element]) -> Bool
    /// The most candidates one shrink may try.
    public var budget: Int

    /// A shrinker that tries at most `budget` candidates per shrink.
    public init(
        isPlausible: @escaping ([Element]) -> Bool, simplifications: @escaping (Element) -> [Element],
        fails: @escaping ([Element]) -> Bool, budget: Int = 4000
    ) {
        self.isPlausible = isPlausible
        self.simplifications = simplifications
        self.fails = fails
        self.budget = budget
    }

    /// The smallest failing sequence found from `elements`, which must fail.
    public func shrink(_ elements: [Element]) -> [Element] {
        var best = elements
        var spent = 0
        func attempt(_ candidate: [Element]) -> Bool {
            guard spent < budget, candidate != best, isPlausible(candidate) else { return false }
            spent += 1
            guard fails(candidate) else { return false }
            best = candidate
            return true
        }
        var improved = true
        while improved, spent < budget {
            improved = false
            // Drop runs of elements, largest first.
            var size = max(1, best.count / 2)
            while size >= 1 {
                var start = 0
                while start < best.count {
                    var candidate = best
                    candidate.removeSubrange(start..<min(best.count, start + size))
                    if attempt(candidate) { improved = true } else { start += size }
                }
                size /= 2
            }
            // Simplify each element.
            for index in best.indices {
                for simpler in simplifications(best[index]) {
                    var candidate = best
                    guard index < candidate.count else { break }
                    candidate[index] = simpler
                    if attempt(candidate) {
                        improved = true
                        break
                    }
                }
            }
        }
        return best
    }
}
