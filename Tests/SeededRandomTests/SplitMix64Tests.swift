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

    @Test func theSameSeedGivesTheSamePicks() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let items = Array(0..<100)
        #expect((0..<50).map { _ in first.pick(items) } == (0..<50).map { _ in second.pick(items) })
    }
}
