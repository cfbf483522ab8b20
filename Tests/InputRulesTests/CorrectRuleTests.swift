import Composition
import Graphemes
import InputRules
import Testing

/// The correct rules pass the sessions that break the legacy ones.
@Suite struct CorrectRuleTests {
    /// The kinds a correct rule must never cause.
    static let forbidden: [DiscrepancyKind] = [
        .compositionInterrupted, .brokenText, .limitExceeded, .verdictMismatch, .finalTextMismatch,
    ]

    func expectClean(_ result: SessionResult, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = result.findings.filter { Self.forbidden.contains($0.kind) }
        #expect(found.isEmpty, "\(found.map(\.message))", sourceLocation: sourceLocation)
    }

    // MARK: max-length

    @Test func maxLengthLetsPinyinComposeAndKeepsTheCommit() throws {
        let result = try Fixtures.replay(try Fixtures.pinyin("你好吗|", "zhong", commit: "中"), "max-length:limit=4")
        expectClean(result)
        #expect(result.agreedText == "你好吗中")
    }

    @Test func maxLengthTrimsACommitThatDoesNotFitAfterTheCompositionEnds() throws {
        let result = try Fixtures.replay(try Fixtures.pinyin("你好|", "zhongwen", commit: "中文输入"), "max-length:limit=3")
        expectClean(result)
        #expect(result.agreedText == "你好中")
        let shang = try Fixtures.replay(try Fixtures.pinyin("|", "shang", commit: "上"), "max-length:limit=3")
        expectClean(shang)
        #expect(shang.agreedText == "上")
    }

    @Test func maxLengthNeverSplitsAGrapheme() throws {
        let emoji = try Fixtures.replay(
            try Fixtures.session("|", [.insertText("👍"), .insertText("👍")]), "max-length:limit=1")
        expectClean(emoji)
        #expect(emoji.agreedText == "👍")
        let units = try Fixtures.replay(
            try Fixtures.session("ab|", [.insertText("👍")]), "max-length:limit=3,unit=utf16")
        expectClean(units)
        #expect(units.agreedText == "ab")
        let family = try Fixtures.replay(
            try Fixtures.session("a|", [.insertText("👩‍👩‍👧‍👦b")]), "max-length:limit=3,unit=scalars")
        #expect(family.agreedText == "a")
    }

    @Test func maxLengthKeepsTheHeadOfAPasteAndPutsTheCaretAfterIt() throws {
        let session = try Fixtures.session("ab|yz", [.insertText("cdefgh"), .insertText("!")])
        let result = try Fixtures.replay(session, "max-length:limit=6")
        expectClean(result)
        // "cd" fits; the caret stays after it, so the next keystroke is judged there too.
        #expect(result.agreedText == "abcdyz")
    }

    @Test func maxLengthNeverBlocksADeletion() throws {
        let session = try Fixtures.session("abcdef|", [.deleteBackward, .deleteBackward])
        let result = try Fixtures.replay(session, "max-length:limit=2")
        #expect(result.agreedText == "abcd")
        #expect(result.findings.isEmpty)
    }

    @Test func enforcedMaxLengthRefusesMarkedTextPastTheLimit() throws {
        // The trade-off of the enforced mode, as in Flutter: near the limit, composition is cut short.
        let result = try Fixtures.replay(
            try Fixtures.pinyin("ab|", "zhong", commit: "中"), "max-length:limit=4,enforcement=enforced")
        #expect(result.events(.compositionInterrupted) == [2, 2, 3, 3, 4, 4])
        #expect(result.agreedText == "ab中")
        #expect(!result.kinds.contains(.finalTextMismatch))
        #expect(!Fixtures.rule("max-length:limit=4,enforcement=enforced").contract.compositionSafe)
    }

    @Test func enforcedMaxLengthReadsTheIOS26CommitRangeRight() throws {
        // On [ㄨㄤ|] the iOS 26 commit reports [{2, 0}] "王": read literally that is "ㄨㄤ王", three units.
        let forum = Fixtures.corpusSession("zhuyin-wang")
        let result = try Fixtures.replay(forum, "max-length:limit=2,unit=utf16,enforcement=enforced")
        #expect(!result.kinds.contains(.verdictMismatch))
        #expect(!result.kinds.contains(.compositionInterrupted))
        #expect(result.agreedText == "王")
    }

    // MARK: classes

    @Test func denyHanLetsPinyinComposeAndRemovesTheCommittedHan() throws {
        let result = try Fixtures.replay(try Fixtures.pinyin("ok|", "zhong", commit: "中"), "deny:classes=han")
        expectClean(result)
        #expect(result.agreedText == "ok")
        let everyIdeograph = try Fixtures.replay(
            try Fixtures.session("|", [.insertText("中㐀\u{9FA6}\u{F900}𠀀ㄅa")]), "deny:classes=han")
        #expect(everyIdeograph.agreedText == "ㄅa")
    }

    @Test func allowJudgesCommittedTextNotMarkedLetters() throws {
        let result = try Fixtures.replay(
            try Fixtures.pinyin("|", "nihao", commit: "你好"), "allow:classes=han+bopomofo+hiragana+katakana+hangul")
        expectClean(result)
        #expect(result.agreedText == "你好")
        let digits = try Fixtures.replay(
            try Fixtures.session("|", [.insertText("1２٣a4")]), "allow:classes=digit-ascii")
        #expect(digits.agreedText == "14")
        let latin = try Fixtures.replay(try Fixtures.session("|", [.insertText("aéЖ1")]), "allow:classes=letter-latin")
        #expect(latin.agreedText == "aé")
    }

    @Test func emojiOnlyKeepsTheEmojiTheLegacyFilterDestroys() throws {
        let session = try Fixtures.session(
            "|", [.insertText("👩🏽‍💻"), .insertText("☀"), .insertText("❤️"), .insertText("a")])
        let result = try Fixtures.replay(session, "emoji-only")
        expectClean(result)
        // ☀ without VS16 is a text-style symbol, not an emoji.
        #expect(result.endsEverywhere(with: "👩🏽‍💻❤️"))
    }

    @Test func denyEmojiCatchesWhatTheLegacyBanLetsThrough() throws {
        let session = try Fixtures.session("|", [.insertText("😀"), .insertText("✓"), .insertText("👍🏽")])
        let result = try Fixtures.replay(session, "deny:classes=emoji")
        #expect(result.agreedText == "✓")
    }

    // MARK: decimal

    @Test(arguments: [
        ("decimal", ["１２．５"], "12.5"),
        ("decimal", ["1.2", ".3"], "1.23"),
        ("decimal", ["1,234.50"], "1234.50"),
        ("decimal", ["٣", "7", "①"], "7"),
        ("decimal:separator=,", ["12,5", ".", "，0"], "12,50"),
    ])
    func decimalKeepsOneSeparatorAndFoldsFullwidthDigits(_ spec: String, _ inserts: [String], _ expected: String)
        throws
    {
        let session = try Fixtures.session("|", inserts.map { .insertText(UTF16Text($0)) })
        let result = try Fixtures.replay(session, spec)
        expectClean(result)
        #expect(result.agreedText == expected)
    }

    @Test func decimalLetsAKanaKeyboardsFullwidthDigitsCompose() throws {
        let session = try Fixtures.session(
            "|",
            [
                .setMarkedText("１", selectedRange: .caret(at: 1)), .setMarkedText("１２", selectedRange: .caret(at: 2)),
                .insertText("１２"),
            ])
        let result = try Fixtures.replay(session, "decimal")
        expectClean(result)
        #expect(result.agreedText == "12")
    }

    // MARK: regex

    @Test func regexKeepsWhatMatchesAndRestoresOtherwise() throws {
        let typing = try Fixtures.replay(
            try Fixtures.session("|", [.insertText("ab"), .insertText("1c")]), "regex:pattern=[a-z]*")
        expectClean(typing)
        #expect(typing.agreedText == "ab")
        let pinyin = try Fixtures.replay(try Fixtures.pinyin("hi |", "ni hao", commit: "你好"), "regex:pattern=[a-z ]*")
        expectClean(pinyin)
        #expect(pinyin.agreedText == "hi ")
        // A comma not followed by `key=` belongs to the value.
        let prefix = try Fixtures.replay(
            try Fixtures.session("|", [.insertText("12345678")]), #"regex:pattern=\d{0,6}"#)
        #expect(prefix.agreedText == "123456")
    }

    @Test func regexRuleFilesHoldPatternsWithCommas() throws {
        let file = try RuleFile(path: Fixtures.repositoryRoot + "/Corpora/rules/regex-latin-list.json")
        let rule = try RuleCatalogue.full.rule(file.spec)
        let result = try Replayer().run(
            try Fixtures.session("|", [.insertText("a, b"), .insertText("C")]), profiles: Fixtures.profiles,
            rules: [rule])[0]
        #expect(result.agreedText == "a, b")
    }
}
