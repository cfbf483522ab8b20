import Testing

@testable import Graphemes

/// The scanner against ICU's iterator, its oracle: Unicode's test data, texts built to
/// cross its ASCII shortcut at every position, and both encodings.
@Suite struct GraphemeScannerTests {
    /// ICU's boundaries of `text`.
    static func icu(_ text: UTF16Text) throws -> [Int] {
        let segmenter = try GraphemeSegmenter()
        return segmenter.icuBoundaries(of: text)
    }

    /// The scanner's boundaries of `text` as UTF-16, and as UTF-8 mapped back to UTF-16
    /// offsets (`nil` for text with a lone surrogate), and its counts.
    static func check(_ text: UTF16Text, against expected: [Int], _ comment: Comment? = nil) {
        let boundaries = text.units.withUnsafeBufferPointer { GraphemeScanner.boundaries($0) }
        #expect(boundaries == expected, comment ?? "\(text.visibleDescription)")
        #expect(text.units.withUnsafeBufferPointer { GraphemeScanner.count($0) } == expected.count - 1)
        if let string = String(validating: text.units, as: UTF16.self) {
            let utf8 = Array(string.utf8)
            let count = utf8.withUnsafeBufferPointer { GraphemeScanner.count(utf8: $0) }
            #expect(count == expected.count - 1, comment ?? "UTF-8 \(text.visibleDescription)")
        }
    }

    @Test func theScannerModelsThisICU() {
        #expect(GraphemeScanner.isAvailable, "the scanner models ICU 72 and 73 (Unicode 15.0)")
    }

    @Test func everyGraphemeBreakTestLineAndEmojiTestLine() throws {
        let files = UnicodeDataFiles()
        for testCase in try GraphemeBreakTestFile(files).cases {
            Self.check(testCase.text, against: testCase.boundaries, "GraphemeBreakTest.txt line \(testCase.line)")
        }
        let segmenter = try GraphemeSegmenter()
        for entry in try EmojiTestFile(files).entries {
            Self.check(entry.text, against: segmenter.icuBoundaries(of: entry.text))
        }
    }

    /// Segmenting only the stretch around a range gives the whole text's boundaries there:
    /// for every range of every GraphemeBreakTest.txt case, alone and after another case
    /// (so that the stretch starts after a break the text before decides nothing about).
    @Test func boundariesAroundARangeAreTheWholeTextsBoundariesThere() throws {
        let cases = try GraphemeBreakTestFile(UnicodeDataFiles()).cases
        for (index, testCase) in cases.enumerated() {
            for text in [testCase.text, cases[(index + 7) % cases.count].text + testCase.text] {
                let all = text.graphemeBoundaries
                for lower in 0...text.length {
                    for upper in lower...text.length {
                        let first = all.lastIndex { $0 <= lower } ?? 0
                        let last = all.firstIndex { $0 >= upper } ?? all.count - 1
                        #expect(
                            text.graphemeBoundaries(around: lower..<upper) == Array(all[first...last]),
                            "line \(testCase.line): \(text.visibleDescription) \(lower)..<\(upper)")
                    }
                }
            }
        }
    }

    /// Counting an edited text from the count of the text before the edit gives ICU's count:
    /// for every GraphemeBreakTest.txt case between two others, replaced by another case,
    /// deleted, and with another case inserted before it, after it or inside it at every
    /// offset (edits that split and re-join pairs, flags, emoji sequences and conjuncts).
    @Test func countingFromAnEditedTextGivesICUsCount() throws {
        let cases = try GraphemeBreakTestFile(UnicodeDataFiles()).cases.map(\.text)
        let segmenter = try GraphemeSegmenter()
        var worked = 0
        for index in cases.indices {
            let (before, text, after) = (
                cases[(index + 3) % cases.count], cases[index], cases[(index + 11) % cases.count]
            )
            let other = cases[(index * 7 + 5) % cases.count]
            let old = before + text + after
            var edited = [
                before + other + after, before + after, before + other + text + after, before + text + other + after,
            ]
            for offset in 0...text.length {
                edited.append(before + text.replacing(UTF16Range(location: offset, length: 0), with: other) + after)
            }
            let oldCount = segmenter.icuBoundaries(of: old).count - 1
            for new in edited {
                let expected = segmenter.icuBoundaries(of: new).count - 1
                guard let count = new.graphemeCount(editedFrom: old, count: oldCount) else { continue }
                worked += 1
                #expect(count == expected, "\(old.visibleDescription) → \(new.visibleDescription)")
            }
        }
        // Most edits are counted from the text before, not whole.
        #expect(worked > cases.count * 3)
    }

    /// ICU 72 keeps Indic conjuncts together (CLDR's rule 9.3), in every script it names,
    /// with ZWJ and nukta between; outside those scripts, or after a vowel sign, it does not.
    @Test(arguments: [
        "क्षत्रिय", "স্ত্রী", "ક્ષ", "ക്ഷ", "ന്‍", "ଶ୍ରୀ", "స్త్రీ", "क्‍ष", "क़्ष", "क्ष्म", "कि्ष", "a्क", "க்ஷ",
        "ཀྵ", "ᄀ각한", "स्‌त", "क्\u{200D}\u{200D}ष", "क्\u{0951}ष",
    ])
    func indicConjuncts(_ text: String) throws {
        let text = UTF16Text(text)
        Self.check(text, against: try Self.icu(text))
    }

    /// Runs of ASCII long enough for the 16-unit shortcut, with CR, LF, marks, a Prepend,
    /// a ZWJ and a regional indicator at every position around the chunk edges.
    @Test func asciiShortcutEdges() throws {
        let segmenter = try GraphemeSegmenter()
        let inserts: [[UInt16]] = [
            [0x0D], [0x0A], [0x0D, 0x0A], [0x0301], [0x0600], [0x200D], Array("🇯".utf16), Array("中".utf16),
            Array("\u{1F44D}".utf16), [0xDC00],
        ]
        var checked = 0
        for length in [15, 16, 17, 31, 32, 33, 48] {
            for position in 0...length {
                for insert in inserts {
                    var units = Array(repeating: UInt16(0x61), count: length)
                    units.insert(contentsOf: insert, at: position)
                    let text = UTF16Text(units: units)
                    Self.check(text, against: segmenter.icuBoundaries(of: text))
                    checked += 1
                }
            }
        }
        #expect(checked == 1_990)
    }

    /// The property words are ICU's: Grapheme_Cluster_Break and Extended_Pictographic for
    /// every code point of the BMP and every 17th beyond.
    @Test func wordsAreICUsProperties() {
        let table = SegmentationTable.shared
        for codePoint in stride(from: UInt32(0), through: 0x10FFFF, by: 1)
        where codePoint < 0x10000 || codePoint % 17 == 0 {
            let properties = CodePointProperties(codePoint: codePoint)
            let word = table.word(codePoint)
            #expect(Int32(word & SegmentationTable.gcbMask) == properties.graphemeClusterBreak.rawValue)
            #expect(
                (word & SegmentationTable.pictographic != 0)
                    == properties.binary.contains(.extendedPictographic))
        }
    }

    @Test func loneSurrogatesAreClustersOfTheirOwn() {
        let text = UTF16Text(units: [0x61, 0xD83D, 0x62, 0xDC4D, 0xD83D, 0xDC4D, 0xD83D])
        #expect(text.units.withUnsafeBufferPointer { GraphemeScanner.boundaries($0) } == [0, 1, 2, 3, 4, 6, 7])
    }

    @Test func emptyText() {
        #expect(UTF16Text.empty.units.withUnsafeBufferPointer { GraphemeScanner.boundaries($0) } == [0])
        #expect(UTF16Text.empty.units.withUnsafeBufferPointer { GraphemeScanner.count($0) } == 0)
    }
}
