/// A small, fast, portable pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014).
///
/// The same seed gives the same sequence on every machine and Swift version, which
/// `SystemRandomNumberGenerator` does not promise: benchmarks and generated corpora use
/// it so that runs are reproducible.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `items`, chosen by the next number (`items` must not be empty).
    package mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

extension SplitMix64 {
    /// A number in `0..<bound` (`bound` > 0).
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent` / 100.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A number in `range`, in whole points.
    package mutating func points(_ range: ClosedRange<Int>) -> Double {
        Double(range.lowerBound + below(range.upperBound - range.lowerBound + 1))
    }
}
