import SeededRandom
import Testing

@testable import Graphemes

@Suite struct UTF16TextTests {
    struct RoundTrip: Sendable, CustomTestStringConvertible {
        var string: String
        var length: Int
        var testDescription: String { string.debugDescription }
    }

    static let roundTrips: [RoundTrip] = [
        .init(string: "", length: 0),
        .init(string: "abc", length: 3),
        .init(string: "中文", length: 2),
        .init(string: "𠮷野家", length: 4),
        .init(string: "👨‍👩‍👧", length: 8),
        .init(string: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", length: 14),
    ]

    @Test(arguments: roundTrips)
    func convertsToAndFromString(_ trip: RoundTrip) {
        let text = UTF16Text(trip.string)
        #expect(text.length == trip.length)
        #expect(String(validating: text) == trip.string)
        #expect(!text.hasLoneSurrogates)
    }

    /// `String(validating:)` transcodes by hand; the standard library's decoding is the
    /// oracle, on random units weighted towards every width of UTF-8 and every kind of
    /// surrogate (paired, lone lead, lone trail, at either end).
    @Test func validatingAgreesWithTheStandardLibraryOnRandomUnits() {
        var rng = SplitMix64(seed: 0x5EED)
        func next() -> UInt64 { rng.next() }
        let pools: [ClosedRange<UInt16>] = [
            0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0xD800...0xDBFF, 0xDC00...0xDFFF,
        ]
        var lone = 0
        for _ in 0..<20_000 {
            var units: [UInt16] = []
            for _ in 0..<Int(next() % 12) {
                let pool = pools[Int(next() % UInt64(pools.count))]
                let unit = pool.lowerBound + UInt16(next() % UInt64(pool.count))
                units.append(unit)
                // Mostly whole pairs, so that both kinds of text are common.
                if UTF16.isLeadSurrogate(unit), next() % 4 != 0 { units.append(0xDC00 + UInt16(next() % 0x400)) }
            }
            let expected = String(validating: units, as: UTF16.self)
            if expected == nil { lone += 1 }
            #expect(String(validating: UTF16Text(units: units)) == expected, "\(units)")
        }
        #expect(lone > 1_000 && lone < 19_000)
    }

    @Test func loneSurrogatesSurviveAndAreShown() {
        // "👍" cut after its first unit, as substringWithRange:{0,1} does.
        let cut = UTF16Text("👍a")[UTF16Range(location: 0, length: 1)]
        #expect(cut.units == [0xD83D])
        #expect(cut.hasLoneSurrogates)
        #expect(String(validating: cut) == nil)
        #expect(cut.visibleDescription == "<D83D>")
        #expect(cut.decodedUnits == [.loneSurrogate(0xD83D)])
        let reversed = UTF16Text(units: [0xDC4D, 0xD83D, 0x61])
        #expect(reversed.loneSurrogateOffsets == [0, 1])
        #expect(reversed.visibleDescription == "<DC4D><D83D>a")
    }

    @Test func replacingIsNSStringReplaceCharactersInRange() {
        let text: UTF16Text = "abㄨㄤ"
        #expect(text.replacing(UTF16Range(location: 2, length: 2), with: "王") == "ab王")
        #expect(text.replacing(.caret(at: 4), with: "!") == "abㄨㄤ!")
        #expect(UTF16Text("👍").replacing(UTF16Range(location: 1, length: 1), with: "") == UTF16Text(units: [0xD83D]))
    }

    /// Every range of a text, replaced in place by texts shorter, as long and longer, gives
    /// what `Array.replaceSubrange` gives; the original, sharing the buffer, keeps its units;
    /// and a text replaced with itself is the text doubled around the range.
    @Test func replacingInPlaceIsReplaceSubrangeForEveryRange() {
        let text: UTF16Text = "a👍ㄨ王"
        for location in 0...text.length {
            for length in 0...(text.length - location) {
                let range = UTF16Range(location: location, length: length)
                for replacement: UTF16Text in ["", "x", "王😀", "abcdefgh"] {
                    var expected = text.units
                    expected.replaceSubrange(location..<range.end, with: replacement.units)
                    var edited = text
                    edited.replace(range, with: replacement)
                    #expect(edited.units == expected, "\(range) \(replacement)")
                    #expect(text == "a👍ㄨ王")
                    var own = UTF16Text(units: Array(text.units))
                    own.units.reserveCapacity(64)
                    own.replace(range, with: replacement)
                    #expect(own.units == expected, "\(range) \(replacement), in place")
                }
                var doubled = text
                doubled.replace(range, with: doubled)
                var expected = text.units
                expected.replaceSubrange(location..<range.end, with: text.units)
                #expect(doubled.units == expected, "\(range) with itself")
            }
        }
    }

    @Test func findsOffsetsInsideSurrogatePairs() {
        let text: UTF16Text = "a😀b"
        #expect((0...4).filter(text.splitsSurrogatePair(at:)) == [2])
    }

    /// The common prefix and suffix, found a block, then four units, then one at a time,
    /// agree with a unit-by-unit comparison: texts of every length up to past two blocks,
    /// differing at every position (in the low and the high byte of a unit) or not at all.
    @Test func commonAffixesMatchAUnitByUnitComparison() {
        func naivePrefix(_ a: [UInt16], _ b: [UInt16]) -> Int {
            zip(a, b).prefix { $0 == $1 }.count
        }
        func naiveSuffix(_ a: [UInt16], _ b: [UInt16], limit: Int) -> Int {
            min(limit, zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count)
        }
        for length in 0...140 {
            let base = (0..<length).map { UInt16(0x4E00 + $0 * 7 % 500) }
            var variants: [[UInt16]] = [base, base + [0x61], Array(base.dropLast())]
            for position in 0..<length {
                for flip: UInt16 in [0x0001, 0x0100] {
                    var changed = base
                    changed[position] ^= flip
                    variants.append(changed)
                }
            }
            for other in variants {
                base.withUnsafeBufferPointer { a in
                    other.withUnsafeBufferPointer { b in
                        let prefix = UTF16Text.commonPrefix(a, b)
                        #expect(prefix == naivePrefix(base, other), "length \(length)")
                        let limit = min(base.count, other.count) - prefix
                        #expect(
                            UTF16Text.commonSuffix(a, b, limit: limit) == naiveSuffix(base, other, limit: limit),
                            "length \(length)")
                    }
                }
            }
        }
    }
}
