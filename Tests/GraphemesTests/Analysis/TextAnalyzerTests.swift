import Testing

@testable import Graphemes

@Suite struct TextAnalyzerTests {
    /// The analyzer's boundaries, lengths and local boundary decisions must be exactly
    /// ICU's: every GraphemeBreakTest line, every emoji-test line, and mixed text.
    @Test func analyzerAgreesWithICUOnUnicodesOwnData() throws {
        let analyzer = try TextAnalyzer()
        let segmenter = try GraphemeSegmenter()
        let files = UnicodeDataFiles()
        var texts = try GraphemeBreakTestFile(files).cases.map(\.text)
        texts += try EmojiTestFile(files).entries.map(\.text)
        texts += ["中文输入法", "abc def", "ㄨㄤˊ", "にほんご", "한국어", "नमस्ते", "e\u{301}", "👨‍👩‍👧🇯🇵", "\r\n", ""]
        // Indic conjuncts, which ICU 72 keeps together (consonant, virama, consonant).
        texts += ["क्षत्रिय", "স্ত্রী", "ક્ષ", "ക്ഷ", "ന്‍", "ଶ୍ରୀ", "స్త్రీ", "क्‍ष", "ᄀ각한"]
        // Longer than the texts `isBoundary` scans from their start: ICU decides there.
        texts.append(UTF16Text(String(repeating: "👨‍👩‍👧🇯🇵🇺a\u{301}क्ष", count: 24)))
        #expect(texts.last!.length > TextAnalyzer.scannedFromStart)
        for text in texts {
            let boundaries = segmenter.icuBoundaries(of: text)
            #expect(analyzer.boundaries(of: text) == boundaries, "\(text.visibleDescription)")
            #expect(analyzer.lengths(of: text).graphemes == boundaries.count - 1)
            for offset in 0...text.length {
                #expect(
                    analyzer.isBoundary(offset, in: text) == boundaries.contains(offset),
                    "\(text.visibleDescription) at \(offset)")
            }
        }
    }

    /// The cluster before each boundary, found locally where possible, is ICU's cluster.
    @Test func clusterStartBeforeEachBoundaryIsICUs() throws {
        let segmenter = try GraphemeSegmenter()
        var texts = try GraphemeBreakTestFile(UnicodeDataFiles()).cases.map(\.text)
        texts += ["ab中文", "a👍🏽b", "🇯🇵🇺🇸x", "한국어", "e\u{301}x"]
        for text in texts {
            let boundaries = segmenter.icuBoundaries(of: text)
            for (start, end) in zip(boundaries, boundaries.dropFirst()) {
                #expect(text.graphemeClusterStart(before: end) == start, "\(text.visibleDescription) at \(end)")
            }
        }
    }

    @Test func measuresInThreeUnits() throws {
        let analyzer = try TextAnalyzer()
        #expect(analyzer.lengths(of: "ㄨㄤ王") == TextLengths(utf16: 3, scalars: 3, graphemes: 3))
        #expect(analyzer.lengths(of: "👍🏽") == TextLengths(utf16: 4, scalars: 2, graphemes: 1))
        #expect(
            analyzer.lengths(of: UTF16Text(units: [0xD83D, 0x61])) == TextLengths(utf16: 2, scalars: 2, graphemes: 2))
    }

    /// When `editMayBreak` says an edit cannot have added a broken spot, a full count agrees:
    /// every one-unit deletion and several insertions at every offset of texts made from
    /// Unicode's emoji and grapheme test data.
    @Test func editMayBreakNeverMissesANewSpot() throws {
        let analyzer = try TextAnalyzer()
        let emoji = try EmojiTestFile(UnicodeDataFiles()).entries.map(\.text)
        let breaks = try GraphemeBreakTestFile(UnicodeDataFiles()).cases.map(\.text)
        var texts: [UTF16Text] = []
        for index in stride(from: 0, to: emoji.count, by: 97) {
            texts.append("a" + emoji[index] + emoji[(index * 7) % emoji.count] + "中")
        }
        for index in stride(from: 0, to: breaks.count, by: 13) {
            texts.append(breaks[index] + "x" + breaks[(index + 5) % breaks.count])
        }
        let insertions: [UTF16Text] = ["a", "中", "🇯", "🏽", "\u{200D}", "\u{301}", UTF16Text(units: [0xD83D]), "👍"]
        var skipped = 0
        for text in texts {
            let before = analyzer.brokenSpots(in: text).count
            var edits: [UTF16Text] = []
            for offset in 0..<text.length {
                edits.append(text.replacing(UTF16Range(location: offset, length: 1), with: .empty))
                for insertion in insertions { edits.append(text.replacing(.caret(at: offset), with: insertion)) }
            }
            for edited in edits where !analyzer.editMayBreak(from: text, to: edited) {
                skipped += 1
                #expect(
                    analyzer.brokenSpots(in: edited).count <= before,
                    "\(text.visibleDescription) → \(edited.visibleDescription)")
            }
        }
        #expect(skipped > 500, "the shortcut should apply to edits away from emoji components")
    }

    struct BrokenCase: Sendable, CustomTestStringConvertible {
        var notation: String
        var spots: [String]
        var testDescription: String { notation }
    }

    static let brokenCases: [BrokenCase] = [
        .init(notation: "abc 中文 👍🏽 🇯🇵 👨<200D>👩<200D>👧", spots: []),
        .init(notation: "a<D83D>", spots: ["lone surrogate at 1"]),
        .init(notation: "<DE00>a", spots: ["lone surrogate at 0"]),
        .init(notation: "🇯", spots: ["lone regional indicator at {0, 2}"]),
        .init(notation: "🇯🇵🇺", spots: ["lone regional indicator at {4, 2}"]),
        .init(notation: "<200D>👩", spots: ["orphan ZWJ in {0, 1}"]),
        .init(notation: "👨<200D>👩<200D>", spots: ["orphan ZWJ in {0, 6}"]),
        .init(notation: "🏽", spots: ["skin tone without a base at {0, 2}"]),
        .init(notation: "\u{301}a", spots: ["combining mark without a base at {0, 1}"]),
        .init(notation: "🏴<E0067><E0062>", spots: ["incomplete tag sequence at {0, 6}"]),
        .init(notation: "🏴<E0067><E0062><E0073><E0063><E0074><E007F>", spots: []),
        .init(notation: "ന്<200D>", spots: []),
    ]

    @Test(arguments: brokenCases)
    func findsBrokenSpots(_ testCase: BrokenCase) throws {
        let text = try FieldState(notation: testCase.notation).text
        #expect(try TextAnalyzer().brokenSpots(in: text).map(\.description) == testCase.spots)
    }
}
