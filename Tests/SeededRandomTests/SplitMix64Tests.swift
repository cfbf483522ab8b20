import Testing

@testable import SeededRandom

@Suite struct SplitMix64Tests {
    /// The reference outputs of SplitMix64 for seed 0 (as in Vigna's splitmix64.c).
    @Test func matchesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    /// A pick is the item at the next output modulo the count: for seed 0 the reference
    /// outputs above give 35, 0 and 79 of a hundred items, and 2, 1, 2 of seven.
    @Test func picksFollowTheReferenceSequence() {
        var hundred = SplitMix64(seed: 0)
        #expect((0..<3).map { _ in hundred.pick(Array(0..<100)) } == [35, 0, 79])
        var seven = SplitMix64(seed: 0)
        #expect((0..<3).map { _ in seven.below(7) } == [2, 1, 2])
    }

    /// The same seed gives the same picks, another seed others, and the picks spread.
    @Test func theSameSeedGivesTheSamePicks() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let items = Array(0..<100)
        let picks = (0..<50).map { _ in first.pick(items) }
        #expect(picks == (0..<50).map { _ in second.pick(items) })
        #expect(picks != (0..<50).map { _ in other.pick(items) })
        #expect(Set(picks).count >= 30, "50 picks of 100 items hit \(Set(picks).count) distinct ones")
    }
}
