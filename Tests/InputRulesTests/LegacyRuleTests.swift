import Composition
import Graphemes
import InputRules
import Testing

/// Each legacy rule reproduces its documented failure through replay.
@Suite struct LegacyRuleTests {
    // MARK: Seed 000

    @Test func lxdNumberEndsEveryCompositionAtItsFirstLetter() throws {
        let result = try Fixtures.replay(try Fixtures.pinyin("12|", "zh", commit: "中"), "legacy-lxd-number")
        // The filter assigns the text while "z" is marked: the composition ends, "z" is
        // deleted, and the input method, told, resets: "zh" and 中 never come. A digits
        // field owes Pinyin nothing (neither the letters nor 中 are digits), so that is no
        // interrupted composition to report.
        #expect(result.events(.compositionInterrupted) == [])
        #expect(result.agreedText == "12")
    }

    @Test func lxdNumberKeepsEveryBMPDigitAndDeletesAstralOnes() throws {
        let session = try Fixtures.session("|", [.insertText("1١۲३７"), .insertText("𝟕")])
        let result = try Fixtures.replay(session, "legacy-lxd-number")
        // ICU's \d is General_Category Nd; 𝟕 (U+1D7D5) is Nd too, but each half of its pair fails alone.
        #expect(result.agreedText == "1١۲३７")
    }

    @Test func lxdNumberDeclaresAMaxLengthItNeverEnforces() throws {
        let session = try Fixtures.session("|", [.insertText("123"), .insertText("45")])
        let result = try Fixtures.replay(session, "legacy-lxd-number:max-length=3")
        #expect(result.agreedText == "12345")
        #expect(result.events(.limitExceeded) == [1, 1])
    }

    @Test func lxdDecimalLetsAnyNumberOfDotsIn() throws {
        let result = try Fixtures.replay(try Fixtures.session("|", [.insertText("1.2.3..")]), "legacy-lxd-decimal")
        #expect(result.agreedText == "1.2.3..")
    }

    @Test func lxdCharacterDeniesOnlyTheOriginalURORange() throws {
        // 中 (URO) goes; 㐀 (Ext. A), 龦 (U+9FA6, added after the pattern's range), 豈 (U+F900, compatibility),
        // 𠀀 (Ext. B, a surrogate pair whose halves each match the negated set) and ㄅ stay.
        let session = try Fixtures.session("|", [.insertText("中㐀\u{9FA6}\u{F900}𠀀ㄅ")])
        let result = try Fixtures.replay(session, "legacy-lxd-character")
        #expect(result.agreedText == "㐀\u{9FA6}\u{F900}𠀀ㄅ")
        let rule = Fixtures.rule("legacy-lxd-character")
        #expect(rule.contract.deniedClasses == [.cluster(.han)])
    }

    @Test func lxdEmojiDestroysEveryEmojiOutsideTheBMP() throws {
        let session = try Fixtures.session("|", [.insertText("👩🏽‍💻"), .insertText("☀"), .insertText("❤️")])
        let result = try Fixtures.replay(session, "legacy-lxd-emoji")
        // 👩🏽‍💻 loses every unit (surrogate halves and the ZWJ); ❤️ loses VS16 and turns into text-style ❤.
        #expect(result.agreedText == "☀❤")
    }

    @Test func lxdNoEmojiLetsAstralEmojiThroughAndRefusesCheckMarks() throws {
        let session = try Fixtures.session("|", [.insertText("😀"), .insertText("✓"), .insertText("👍🏽")])
        let result = try Fixtures.replay(session, "legacy-lxd-no-emoji")
        #expect(result.agreedText == "😀👍🏽")
    }

    // MARK: Seed 004

    @Test func inputFilterBlocksPinyinMidComposition() throws {
        // text.length + replacement.length: "zh" (2) + "zho" (3) > 4, though the field would hold 3.
        let empty = try Fixtures.replay(
            try Fixtures.pinyin("|", "zhong", commit: "中"), "legacy-input-filter:max-length=4")
        #expect(empty.events(.compositionInterrupted) == [2, 2, 3, 3, 4, 4])
        // With three characters in the field, the commit is refused too: 中 can never be typed,
        // though "你好吗中" is four characters.
        let full = try Fixtures.replay(
            try Fixtures.pinyin("你好吗|", "zhong", commit: "中"), "legacy-input-filter:max-length=4")
        #expect(full.agreedText == "你好吗z")
        #expect(full.events(.compositionInterrupted).suffix(2) == [5, 5])
    }

    @Test func inputFilterRegexRefusesBackspaceAndCommits() throws {
        let session = try Fixtures.session("ab|", [.deleteBackward])
        let result = try Fixtures.replay(session, "legacy-input-filter:regex=^[a-zA-Z0-9]+$")
        #expect(result.agreedText == "ab")
        let pinyin = try Fixtures.replay(
            try Fixtures.pinyin("|", "ni", commit: "你"), "legacy-input-filter:regex=^[a-z]+$")
        // 你 breaks the input promise: refusing its commit owes the user nothing.
        #expect(pinyin.events(.compositionInterrupted) == [])
        #expect(pinyin.agreedText == "ni")
    }

    @Test func inputFilterCharsetMakesTheFieldReadOnly() throws {
        // `![s rangeOfCharacterFromSet:set].location == NSNotFound` is always NO.
        let session = try Fixtures.session("12|", [.insertText("3"), .deleteBackward])
        let result = try Fixtures.replay(session, "legacy-input-filter:charset=decimalDigits")
        #expect(result.agreedText == "12")
    }

    // MARK: Seed 001

    @Test func countLimitTakesDigitsNoNumberParserReads() throws {
        let session = try Fixtures.session(
            "|", [.insertText("１２３"), .insertText("٤٥"), .insertText("1️⃣"), .insertText("a")])
        let result = try Fixtures.replay(session, "legacy-count-limit:limit=20")
        #expect(result.agreedText == "１２３٤٥")
    }

    @Test func countLimitCountsMarkedTextAndRefusesComposition() throws {
        let result = try Fixtures.replay(try Fixtures.pinyin("|", "ni", commit: "你"), "legacy-count-limit:limit=20")
        // Every marked letter is refused; the commit then arrives as a plain insertion and is
        // refused too. The rule takes only digits, so neither refusal loses what it owes.
        #expect(result.events(.compositionInterrupted) == [])
        #expect(result.agreedText == "")
    }

    // MARK: Seed 003

    @Test func numericFieldDropsTheLastCharacterNotTheTypedOne() throws {
        let session = try Fixtures.session("12|34", [.insertText("a")])
        let result = try Fixtures.replay(session, "legacy-numeric-field")
        #expect(result.agreedText == "12")
    }

    @Test func numericFieldAcceptsWhatFloatParses() throws {
        let session = try Fixtures.session(
            "|", [.insertText("nan"), .replace(UTF16Range(location: 0, length: 3), "1e5")])
        let result = try Fixtures.replay(session, "legacy-numeric-field")
        #expect(result.agreedText == "1e5")
        let nan = try Fixtures.replay(try Fixtures.session("|", [.insertText("nan")]), "legacy-numeric-field")
        #expect(nan.agreedText == "nan")
    }

    @Test func numericFieldEndsCompositions() throws {
        let result = try Fixtures.replay(try Fixtures.pinyin("1|", "y", commit: "一"), "legacy-numeric-field")
        // "1y" and "1一" read as no Float: a numeric field owes Pinyin nothing.
        #expect(result.events(.compositionInterrupted) == [])
        #expect(result.agreedText == "1")
    }

    // MARK: Forum thread 801013

    @Test func markedGuardLetsALongCommitPastTheLimit() throws {
        let session = try Fixtures.pinyin("|", "zhongwenshurufa", commit: "中文输入法")
        let result = try Fixtures.replay(session, "legacy-marked-guard-limit:limit=4")
        #expect(result.events(.limitExceeded) == [15, 15])
        #expect(result.agreedText == "中文输入法")
    }

    // MARK: Truncation

    @Test func truncateCountCutsPinyinMidComposition() throws {
        let result = try Fixtures.replay(
            try Fixtures.pinyin("|", "shang", commit: "上"), "legacy-truncate-count:limit=3")
        // At "shan" the text is cut to "sha" and the composition ends; the input method is
        // told and resets, so "shang" and 上 never arrive: the user is left with "sha".
        #expect(result.events(.compositionInterrupted) == [3, 3])
        #expect(result.agreedText == "sha")
    }

    @Test func truncateCountUsesAGraphemeCountAsAUTF16Offset() throws {
        let result = try Fixtures.replay(
            try Fixtures.session("|", [.insertText("👍"), .insertText("👍")]), "legacy-truncate-count:limit=1")
        #expect(result.events(.brokenText) == [1, 1])
        #expect(result.agreedText == "<D83D>")
    }

    @Test func truncateMarkedAwareWaitsForTheCommitThenSplitsASurrogatePair() throws {
        let pinyin = try Fixtures.replay(
            try Fixtures.pinyin("|", "shang", commit: "上"), "legacy-truncate-marked-aware:limit=3")
        #expect(!pinyin.kinds.contains(.compositionInterrupted))
        #expect(pinyin.agreedText == "上")
        let emoji = try Fixtures.replay(
            try Fixtures.session("ab|", [.insertText("👍")]), "legacy-truncate-marked-aware:limit=3")
        #expect(emoji.events(.brokenText) == [0, 0])
        #expect(emoji.agreedText == "ab<D83D>")
    }
}
