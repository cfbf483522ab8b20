import Testing

@testable import Graphemes

@Suite struct SegmentationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var notation: String
        var clusters: [String]
        var note: String
        var testDescription: String { "\(notation) \(note)" }
    }

    static let cases: [Case] = [
        .init(notation: "", clusters: [], note: "empty text"),
        .init(notation: "abc", clusters: ["a", "b", "c"], note: "ASCII"),
        .init(notation: "<000D><000A>", clusters: ["<000D><000A>"], note: "CR LF is one cluster (GB3)"),
        .init(notation: "e\u{301}", clusters: ["e\u{301}"], note: "combining mark extends (GB9)"),
        .init(notation: "中文输入", clusters: ["中", "文", "输", "入"], note: "ideographs"),
        .init(notation: "🇯🇵🇺🇸", clusters: ["🇯🇵", "🇺🇸"], note: "regional indicators pair up (GB12, GB13)"),
        .init(notation: "🇯🇵🇺", clusters: ["🇯🇵", "🇺"], note: "an odd regional indicator stands alone"),
        // Written back whole: an RGI sequence's joiners are part of the picture.
        .init(notation: "👨<200D>👩<200D>👧", clusters: ["👨\u{200D}👩\u{200D}👧"], note: "ZWJ sequence (GB11)"),
        .init(notation: "👨<200D>", clusters: ["👨<200D>"], note: "a dangling joiner stays a token"),
        .init(notation: "👍🏽", clusters: ["👍🏽"], note: "skin tone modifier extends"),
        .init(notation: "a<200D>", clusters: ["a<200D>"], note: "a trailing ZWJ extends its base"),
        .init(notation: "한글", clusters: ["한", "글"], note: "precomposed syllables"),
        .init(notation: "ᄒᆞᆫ", clusters: ["ᄒᆞᆫ"], note: "L V T jamo (GB6, GB7)"),
        .init(notation: "<D83D>a", clusters: ["<D83D>", "a"], note: "a lone surrogate is its own cluster"),
        .init(notation: "a<DE00>", clusters: ["a", "<DE00>"], note: "a lone trail surrogate too"),
    ]

    @Test(arguments: cases)
    func segments(_ testCase: Case) throws {
        let text = try FieldState(notation: testCase.notation).text
        let clusters = text.graphemeClusters.map { text[$0].visibleDescription }
        #expect(clusters == testCase.clusters)
        #expect(text.graphemeCount == testCase.clusters.count)
        #expect(text.graphemeBoundaries.last == text.length)
    }

    @Test func reusesOneIteratorAcrossTexts() throws {
        let segmenter = try GraphemeSegmenter()
        #expect(segmenter.boundaries(of: "👍🏽x") == [0, 4, 5])
        #expect(segmenter.boundaries(of: "") == [0])
        #expect(segmenter.boundaries(of: "ab") == [0, 1, 2])
    }

    @Test func countsLikeTheICUReferenceLoop() throws {
        let text = UTF16Text("王小明👨‍👩‍👧🇯🇵 e\u{301} 한국어 नमस्ते")
        let reference = try text.units.withUnsafeBufferPointer { try ICUReference.countClusters(in: $0) }
        #expect(reference == text.graphemeCount)
        #expect(reference == text.clusters.count)
    }

    @Test func splitsWordsWithICU() throws {
        let segments = try UTF16Text("Hello, world").wordSegments()
        let words = segments.filter(\.isWordLike).map { UTF16Text("Hello, world")[$0.range] }
        #expect(words == ["Hello", "world"])
        #expect(segments.map(\.range.length).reduce(0, +) == 12)
    }
}
