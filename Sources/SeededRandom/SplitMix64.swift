/// A small, fast, portable pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014).
///
/// The same seed gives the same sequence on every machine and Swift version, which
/// `SystemRandomNumberGenerator` does not promise: benchmarks and generated corpora use
/// it so that runs are reproducible.
///
/// A *scripted* generator reads its numbers from given bytes instead (2 per number, so
/// that a short input still makes a whole session; zeros once they run out): a
/// coverage-guided fuzzer's input then decodes into the same kind
/// of session the seeded generator makes, every byte a choice, so that the fuzzer's
/// mutations change choices rather than break a format.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    // The generator draws a number for every choice a session generator makes, and a call
    // across modules (a generic `pick` unspecialised) cost more than the number: what the
    // generators call is inlinable, and public, because Swift 6.3 does not inline
    // `@inlinable package` declarations into other modules (measured: 58 calls to the
    // unspecialised `pick` remained in the fuzzer).
    @usableFromInline var state: UInt64
    @usableFromInline var script: [UInt8]?
    @usableFromInline var position = 0

    /// The generator whose sequence `seed` picks.
    public init(seed: UInt64) { state = seed }

    /// Numbers read from `script`.
    package init(script: [UInt8]) {
        state = 0
        self.script = script
    }

    /// The next number of the sequence (or of the script).
    @inlinable
    public mutating func next() -> UInt64 {
        if let script { return next(from: script) }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @usableFromInline
    mutating func next(from script: [UInt8]) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 16, by: 8) where position < script.count {
            value |= UInt64(script[position]) << UInt64(shift)
            position += 1
        }
        return value
    }

    /// One of `items`, chosen by the next number (`items` must not be empty).
    @inlinable
    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

extension SplitMix64 {
    /// A number in `0..<bound` (`bound` > 0).
    @inlinable
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent` / 100.
    @inlinable
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A number in `range`, in whole points.
    package mutating func points(_ range: ClosedRange<Int>) -> Double {
        Double(range.lowerBound + below(range.upperBound - range.lowerBound + 1))
    }
}
