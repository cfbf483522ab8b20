import Testing

@testable import Graphemes

/// Cluster classes of real characters, one table row per case; the text is field
/// notation, so invisible characters are written `<XXXX>`.
@Suite struct ClassificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var notation: String
        var expected: ClusterClassification
        var note: String
        var testDescription: String { "\(notation) \(note)" }

        init(_ notation: String, _ expected: ClusterClass, _ note: String) {
            self.notation = notation
            self.expected = ClusterClassification(expected)
            self.note = note
        }

        init(_ notation: String, emoji: EmojiSequenceType, _ note: String) {
            self.notation = notation
            self.expected = ClusterClassification(.emoji, emoji: emoji)
            self.note = note
        }

        var text: UTF16Text { get throws { try FieldState(notation: notation).text } }
    }

    static let han: [Case] = [
        .init("中", .han, "U+4E2D URO"), .init("龥", .han, "U+9FA5, end of the legacy \\u4e00-\\u9fa5 range"),
        .init("鿿", .han, "U+9FFF, past the legacy range"), .init("㐀", .han, "U+3400 Extension A"),
        .init("𠀀", .han, "U+20000 Extension B"), .init("𠮷", .han, "U+20BB7 Extension B"),
        .init("𪜀", .han, "U+2A700 Extension C"), .init("𫝀", .han, "U+2B740 Extension D"),
        .init("𫠠", .han, "U+2B820 Extension E"), .init("𬺰", .han, "U+2CEB0 Extension F"),
        .init("𰀀", .han, "U+30000 Extension G"), .init("𱍐", .han, "U+31350 Extension H"),
        .init("豈", .han, "U+F900 compatibility ideograph"), .init("丽", .han, "U+2F800 compatibility supplement"),
        .init("〇", .han, "U+3007 ideographic number zero"), .init("々", .han, "U+3005 iteration mark"),
    ]

    static let kanaHangulBopomofo: [Case] = [
        .init("ㄅ", .bopomofo, "U+3105"), .init("ㄨ", .bopomofo, "U+3128"), .init("ㆠ", .bopomofo, "U+31A0 extended"),
        .init("ˊ", .letter, "U+02CA tone mark: Common, no Script_Extensions in Unicode 15.0"),
        .init("˙", .symbol, "U+02D9 neutral tone: Sk, Common"),
        .init("あ", .hiragana, "U+3042"), .init("ゝ", .hiragana, "U+309D iteration mark"),
        .init("ア", .katakana, "U+30A2"), .init("ｱ", .katakana, "U+FF71 halfwidth"),
        .init("ㇰ", .katakana, "U+31F0 phonetic extension"),
        .init("ー", .letter, "U+30FC: Script_Extensions Hira Kana"),
        .init("한", .hangul, "U+D55C syllable"), .init("ㄱ", .hangul, "U+3131 compatibility jamo"),
        .init("ᄀ", .hangul, "U+1100 leading jamo"), .init("ᄒᆞᆫ", .hangul, "old Hangul jamo sequence, one cluster"),
        .init("ﾡ", .hangul, "U+FFA1 halfwidth Hangul"),
    ]

    static let emoji: [Case] = [
        .init("😀", emoji: .basic, "U+1F600"), .init("✅", emoji: .basic, "U+2705, BMP, emoji presentation"),
        .init("☺\u{FE0F}", emoji: .basic, "U+263A with VS16"), .init("❤\u{FE0F}", emoji: .basic, "U+2764 with VS16"),
        .init("1\u{FE0F}\u{20E3}", emoji: .keycap, "keycap 1"), .init("#\u{FE0F}\u{20E3}", emoji: .keycap, "keycap #"),
        .init("🇯🇵", emoji: .flag, "JP"), .init("🇹🇼", emoji: .flag, "TW"),
        .init("👍🏽", emoji: .modifier, "thumbs up, medium skin tone"),
        .init("👨<200D>👩<200D>👧", emoji: .zwj, "family"), .init("❤<FE0F><200D>🔥", emoji: .zwj, "heart on fire"),
        .init("🏴<E0067><E0062><E0073><E0063><E0074><E007F>", emoji: .tag, "Scotland"),
    ]

    static let emojiLookAlikes: [Case] = [
        .init("☺", .symbol, "U+263A without VS16: text presentation by default"),
        .init("❤", .symbol, "U+2764 without VS16"), .init("©", .symbol, "U+00A9"), .init("™", .symbol, "U+2122"),
        .init("1", .digit, "a keycap base alone"), .init("#", .punctuation, "a keycap base alone"),
        .init("1\u{20E3}", .digit, "keycap without VS16: unqualified"),
        .init("🇯", .emojiComponent, "lone regional indicator"),
        .init("🇦🇦", .emojiComponent, "two regional indicators that are no RGI flag"),
        .init("<200D>", .emojiComponent, "ZWJ alone"), .init("<FE0F>", .emojiComponent, "VS16 alone"),
        .init("🏽", .emojiComponent, "skin tone alone"), .init("🦰", .emojiComponent, "hair component alone"),
        .init("<E0067>", .emojiComponent, "tag character alone"),
        .init("\u{20E3}", .emojiComponent, "keycap mark alone"),
        .init("☺<FE0F>🏽", .symbol, "VS16 then a skin tone: one cluster, no RGI sequence"),
    ]

    static let others: [Case] = [
        .init("７", .digit, "U+FF17 fullwidth"), .init("٧", .digit, "U+0667 Arabic-Indic"),
        .init("७", .digit, "U+096D Devanagari"),
        .init("a", .letter, "ASCII"), .init("e\u{301}", .letter, "e + combining acute"), .init("ก", .letter, "Thai"),
        .init("Ⅻ", .letter, "U+216B letter number"), .init("\u{301}", .mark, "combining acute with no base"),
        .init("。", .punctuation, "U+3002"), .init("，", .punctuation, "U+FF0C"), .init("\\[", .punctuation, "["),
        .init("$", .symbol, "currency"), .init("²", .symbol, "superscript two"), .init("½", .symbol, "vulgar fraction"),
        .init(" ", .whitespace, "space"), .init("\u{3000}", .whitespace, "ideographic space"),
        .init("<0009>", .whitespace, "tab"), .init("<000A>", .whitespace, "line feed"),
        .init("<0001>", .control, "C0 control"), .init("<202E>", .control, "RIGHT-TO-LEFT OVERRIDE"),
        .init("<200B>", .control, "ZERO WIDTH SPACE"), .init("<00AD>", .control, "SOFT HYPHEN"),
        .init("<0378>", .unassigned, "unassigned in Unicode 15.0"), .init("<E000>", .other, "private use"),
        .init("<D83D>", .other, "lone surrogate"), .init("<DE00>", .other, "lone trail surrogate"),
    ]

    @Test(arguments: han + kanaHangulBopomofo + emoji + emojiLookAlikes + others)
    func classifiesAsOneCluster(_ testCase: Case) throws {
        let text = try testCase.text
        let clusters = text.clusters
        #expect(clusters.count == 1, "\(testCase.notation) should be one grapheme cluster")
        #expect(clusters.first?.classification == testCase.expected)
        #expect(ClusterClassifier.classify(text) == testCase.expected)
    }

    @Test func classifiesEveryClusterOfAMixedText() {
        let text = UTF16Text("王👍🏽a１ㄨ")
        #expect(
            text.clusters.map(\.classification.description) == [
                "han", "emoji(modifier)", "letter", "digit", "bopomofo",
            ])
        #expect(
            text.clusters.map(\.range) == [
                UTF16Range(location: 0, length: 1), UTF16Range(location: 1, length: 4),
                UTF16Range(location: 5, length: 1),
                UTF16Range(location: 6, length: 1), UTF16Range(location: 7, length: 1),
            ])
    }

    @Test func emptyTextHasNoClusters() {
        #expect(UTF16Text.empty.clusters.isEmpty)
        #expect(ClusterClassifier.classify(UTF16Text.empty) == ClusterClassification(.other))
    }

    /// The tables must give exactly what ICU gives when asked afresh.
    @Test func scalarTableAgreesWithICU() {
        for codePoint in stride(from: UInt32(0), to: ScalarTable.limit, by: 37) {
            #expect(
                ScalarTable.entries[Int(codePoint)] == ScalarClassInfo(codePoint: codePoint),
                "U+\(String(codePoint, radix: 16))")
        }
        for codePoint in ScalarTable.supplementRange {
            #expect(ScalarClassInfo.of(codePoint) == ScalarClassInfo(codePoint: codePoint))
        }
    }

    /// The memo used in one-pass classification must not change any answer, even when
    /// many different emoji collide in its slots.
    @Test func memoisedClassificationMatchesDirectClassification() throws {
        let emoji = try EmojiTestFile(UnicodeDataFiles()).entries.filter { $0.qualification != .component }
        var text = UTF16Text.empty
        for entry in emoji { text.units += try entry.text.units + [0x20] }
        let clusters = text.clusters
        #expect(clusters.count == emoji.count * 2)
        for cluster in clusters {
            #expect(cluster.classification == ClusterClassifier.classify(text[cluster.range]))
        }
    }
}
