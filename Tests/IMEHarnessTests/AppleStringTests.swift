import Foundation
import IMEHarness
import Testing

/// `AppleString` behaves as iOS's `NSString` where Linux Foundation does not. Each case
/// names what Apple's documentation says ("NSString", Foundation reference): an NSString is
/// an array of UTF-16 code units; its methods index them and do not adjust for surrogate
/// pairs; an index or range past the end raises NSRangeException.
@Suite struct AppleStringTests {
    /// "substring(to:) — a new string containing the characters of the receiver up to,
    /// but not including, the one at a given index": units, so a pair can be cut.
    @Test func substringCutsSurrogatePairsAsIOSDoes() {
        let text: AppleString = "a😀"
        #expect(text.length == 3, "length: the number of UTF-16 code units")
        #expect(text.substring(to: 2).text.units == [0x61, 0xD83D], "a lone lead surrogate, kept")
        #expect(text.substring(from: 2).text.units == [0xDE00])
        #expect(text.substring(with: NSRange(location: 1, length: 1)).text.units == [0xD83D])
        #expect(text.character(at: 2) == 0xDE00, "character(at:): the unit itself")
        #expect(
            text.replacingCharacters(in: NSRange(location: 2, length: 1), with: "x").text.units == [0x61, 0xD83D, 0x78])
    }

    /// "replacingCharacters(in:with:) — replaces the characters in range": UTF-16 units,
    /// even when the range ends inside a cluster; Linux Foundation widens it to whole
    /// Swift Characters (here it would keep the second "a").
    @Test func replacingCharactersReplacesExactlyTheUnits() {
        let text = AppleString("aa\u{FE05}b")
        #expect(text.replacingCharacters(in: NSRange(location: 0, length: 2), with: "").text.units == [0xFE05, 0x62])
    }

    /// "rangeOfComposedCharacterSequence(at:)" and "…Sequences(for:)": whole user-perceived
    /// characters (grapheme clusters, which ICU decides here).
    @Test func composedCharacterSequencesAreGraphemeClusters() {
        let text: AppleString = "a👍🏽b"
        #expect(text.rangeOfComposedCharacterSequence(at: 2) == NSRange(location: 1, length: 4))
        #expect(text.rangeOfComposedCharacterSequence(at: 0) == NSRange(location: 0, length: 1))
        #expect(
            text.rangeOfComposedCharacterSequences(for: NSRange(location: 2, length: 1))
                == NSRange(location: 1, length: 4))
        var seen: [String] = []
        AppleString("e\u{301}🇯🇵x").enumerateComposedCharacterSequences(in: NSRange(location: 0, length: 7)) {
            substring, range, stop in
            seen.append("\(substring.string)@\(range.location),\(range.length)")
            stop = range.location >= 2
        }
        #expect(seen == ["e\u{301}@0,2", "🇯🇵@2,4"])
    }

    /// "rangeOfCharacter(from:)": the first character in the set, NSNotFound when none.
    @Test func rangeOfCharacterFindsScalars() {
        #expect(AppleString("ab1").rangeOfCharacter(from: .decimalDigits) == NSRange(location: 2, length: 1))
        #expect(AppleString("😀").rangeOfCharacter(from: .decimalDigits).location == NSNotFound)
        #expect(AppleString(UTF16Text(units: [0xD83D, 0x31])).rangeOfCharacter(from: .decimalDigits).location == 1)
    }

    /// NSPredicate's MATCHES is ICU's regular expression over the whole string.
    @Test func matchesIsAWholeStringICUMatch() {
        #expect(AppleString("123").matches("[0-9]+"))
        #expect(!AppleString("123a").matches("[0-9]+"))
        #expect(AppleString("中文").matches("\\p{Han}+"))
    }

    /// A truncating `editingChanged` handler pasted from an app: on iOS it leaves half an
    /// emoji in the field; so it does here (broken-text), not a crash as on Linux Foundation.
    @Test func aTruncationAcrossAnEmojiIsBrokenText() throws {
        typealias NSString = AppleString
        let truncate = DelegateRule(
            "truncate-5",
            nsStringEditingChanged: { text, _ in
                (text as NSString).length > 5 ? (text as NSString).substring(to: 5) : nil
            })
        let session = Session(
            id: "emoji-at-the-limit", ime: .emoji, source: .init(kind: .authored, detail: "a test"),
            initial: FieldState(text: UTF16Text("abcd")), events: [.insertText("😀")])
        let run = try CorpusReplay(rule: truncate, corpus: .sessions([session]), profiles: [.ios18Single])
        #expect(run.discrepancies.map(\.kind) == [.brokenText], "\(run.discrepancies)")
    }

    /// Where Apple raises NSRangeException, the rule crashes: `rule-crashed`, with the reason.
    @Test func anOutOfRangeSubstringIsARuleCrash() throws {
        typealias NSString = AppleString
        let greedy = DelegateRule(
            "first-three",
            nsStringShouldChangeCharactersIn: { text, _, _, _ in
                (text as NSString).substring(to: 3).length == 3
            })
        let session = Session(
            id: "short", ime: .latin, source: .init(kind: .authored, detail: "a test"),
            initial: FieldState(text: UTF16Text("ab")), events: [.insertText("c")])
        let run = try CorpusReplay(rule: greedy, corpus: .sessions([session]), profiles: [.ios18Single])
        #expect(run.discrepancies.map(\.kind) == [.ruleCrashed])
        #expect(run.discrepancies.first?.message.contains("NSRangeException") == true, "\(run.discrepancies)")
    }

    /// The field's lone surrogate reaches an NSString body as it is.
    @Test func loneSurrogatesReachTheRule() throws {
        let lengths = Recorded<Int>()
        let spy = DelegateRule(
            "spy",
            nsStringShouldChangeCharactersIn: { text, _, _, _ in
                lengths.append(text.length)
                return true
            })
        let session = Session(
            id: "lone", ime: .latin, source: .init(kind: .authored, detail: "a test"),
            initial: FieldState(text: UTF16Text(units: [0x61, 0xD83D])), events: [.insertText("b")])
        _ = try CorpusReplay(rule: spy, corpus: .sessions([session]), profiles: [.ios18Single], properties: false)
        #expect(lengths.all == [2])
    }
}
