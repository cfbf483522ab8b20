/// The closest of some names to a mistyped one, by edit distance, for "did you mean".
package enum ClosestMatch {
    /// " (did you mean 'NAME'?)" for the nearest of `candidates`, or "" when none is near.
    package static func suggestion(_ text: String, among candidates: [String]) -> String {
        find(text, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The candidate nearest `text` (Levenshtein distance on Unicode scalars, ties to the
    /// earlier candidate), when it is near enough to be a slip: at most a third of the
    /// longer name's length, and at most 3 edits.
    package static func find(_ text: String, among candidates: [String]) -> String? {
        let typed = Array(text.lowercased().unicodeScalars)
        guard typed.count <= 256 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            guard target.count <= 256 else { continue }
            let distance = levenshtein(typed, target)
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let longest = max(typed.count, best.name.unicodeScalars.count)
        return best.distance <= min(3, max(1, longest / 3)) ? best.name : nil
    }

    private static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : b.isEmpty ? a.count : previous[b.count]
    }
}
