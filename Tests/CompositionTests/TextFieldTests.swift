import Graphemes
import Testing

@testable import Composition

@Suite struct TextFieldTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var before: String
        var event: SessionEvent
        var unit: DeletionUnit = .grapheme
        var after: String
        var testDescription: String { "\(before) \(event) → \(after)" }
    }

    static let cases: [Case] = [
        .init(before: "|", event: .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), after: "[ㄨ|]"),
        .init(before: "[ㄨ|]", event: .setMarkedText("ㄨㄤ", selectedRange: .caret(at: 2)), after: "[ㄨㄤ|]"),
        .init(before: "[ㄨㄤ|]", event: .insertText("王"), after: "王|"),
        .init(before: "ab|cd", event: .setMarkedText("zh", selectedRange: .caret(at: 2)), after: "ab[zh|]cd"),
        .init(before: "ab[zhong guo|]cd", event: .insertText("中国"), after: "ab中国|cd"),
        .init(
            before: "[にほんご|]", event: .setMarkedText("日本語", selectedRange: UTF16Range(location: 0, length: 2)),
            after: "[|日本|語]"),
        .init(before: "a|bc|d", event: .setMarkedText("x", selectedRange: .caret(at: 1)), after: "a[x|]d"),
        .init(before: "a|bc|d", event: .insertText("X"), after: "aX|d"),
        .init(before: "[abc|]", event: .unmarkText, after: "abc|"),
        .init(before: "[ab|]", event: .setMarkedText("", selectedRange: .caret(at: 0)), after: "|"),
        .init(before: "x👨<200D>👩<200D>👧|", event: .deleteBackward, after: "x|"),
        .init(before: "🇯🇵|", event: .deleteBackward, after: "|"),
        .init(before: "a👍🏽|", event: .deleteBackward, unit: .scalar, after: "a👍|"),
        .init(before: "a😀|", event: .deleteBackward, unit: .utf16, after: "a<D83D>|"),
        .init(before: "|abc", event: .deleteBackward, after: "|abc"),
        .init(before: "a|bc|d", event: .deleteBackward, after: "a|d"),
        .init(before: "[ab|]", event: .deleteBackward, after: "[a|]"),
        .init(before: "[a|]", event: .deleteBackward, after: "|"),
        .init(
            before: "hello world|", event: .replace(UTF16Range(location: 6, length: 5), "there"), after: "hello there|"),
        .init(
            before: "one two three|",
            event: .replaceRanges([UTF16Range(location: 4, length: 3), UTF16Range(location: 0, length: 4)], "2"),
            after: "2| three"),
        .init(before: "x[ab|]", event: .setSelection(.caret(at: 0)), after: "|xab"),
        .init(before: "[ab|]", event: .setSelection(.caret(at: 1)), after: "[a|b]"),
    ]

    @Test(arguments: cases)
    func appliesUIKitSemantics(_ testCase: Case) throws {
        var field = TextField(try FieldState(notation: testCase.before))
        let profile = Fixtures.ios18 { $0.deleteBackward = testCase.unit }
        DelegateModel(profile: profile).apply(.event(testCase.event), to: &field)
        #expect(field.state.notation == testCase.after)
    }

    @Test func assigningTextEndsCompositionAndMovesTheCaretToTheEnd() throws {
        var field = TextField(try FieldState(notation: "ab[zh|]cd"))
        field.setTextProgrammatically("abcd")
        #expect(field.state.notation == "abcd|")
    }
}

@Suite struct DelegateModelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var commitRange: PlatformProfile.CommitRange
        var field: String
        var expected: UTF16Range
        var testDescription: String { "\(commitRange.rawValue) on \(field)" }
    }

    /// Where the readings of the iOS 26 observation part: marked text not at 0, caret inside it.
    static let commitCases: [Case] = [
        .init(commitRange: .markedRange, field: "[ㄨㄤ|]", expected: UTF16Range(location: 0, length: 2)),
        .init(commitRange: .markedEnd, field: "[ㄨㄤ|]", expected: .caret(at: 2)),
        .init(commitRange: .caret, field: "[ㄨㄤ|]", expected: .caret(at: 2)),
        .init(commitRange: .markedLength, field: "[ㄨㄤ|]", expected: .caret(at: 2)),
        .init(commitRange: .markedRange, field: "xy[ㄨ|ㄤ]", expected: UTF16Range(location: 2, length: 2)),
        .init(commitRange: .markedEnd, field: "xy[ㄨ|ㄤ]", expected: .caret(at: 4)),
        .init(commitRange: .caret, field: "xy[ㄨ|ㄤ]", expected: .caret(at: 3)),
        .init(commitRange: .markedLength, field: "xy[ㄨ|ㄤ]", expected: .caret(at: 2)),
    ]

    @Test(arguments: commitCases)
    func reportsTheCommitRangeTheProfileStates(_ testCase: Case) throws {
        let profile = Fixtures.ios18 { $0.commitRange = testCase.commitRange }
        let plan = DelegateModel(profile: profile).plan(
            .insertText("王"), on: TextField(try FieldState(notation: testCase.field)))
        #expect(plan.map(\.call) == [.single(range: testCase.expected, replacement: "王")])
        #expect(plan.first?.isCompositionStep == true)
    }

    @Test func multiRangeProfilesWrapEveryCallInAnArray() throws {
        let plan = DelegateModel(profile: Fixtures.ios26).plan(
            .insertText("a"), on: TextField(try FieldState(notation: "xy|")))
        #expect(plan.map(\.call) == [.multi(ranges: [.caret(at: 2)], replacement: "a")])
    }

    @Test func markedTextUpdatesCanBypassTheDelegate() throws {
        let profile = Fixtures.ios18 { $0.markedTextUpdates = .none }
        let plan = DelegateModel(profile: profile).plan(
            .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), on: TextField(FieldState(text: .empty)))
        #expect(plan.map(\.call) == [nil])
    }

    @Test func aMultiRangeEditReachesASingleRangeDelegateAsTheProfileSays() throws {
        let field = TextField(try FieldState(notation: "one two three|"))
        let edit = SessionEvent.replaceRanges(
            [UTF16Range(location: 4, length: 3), UTF16Range(location: 0, length: 4)], "2")
        let targetOnly = DelegateModel(profile: Fixtures.ios18).plan(edit, on: field)
        #expect(targetOnly.map(\.call) == [.single(range: UTF16Range(location: 4, length: 3), replacement: "2")])
        let eachRange = DelegateModel(profile: Fixtures.ios18 { $0.multiRangeOnSingleRange = .eachRange }).plan(
            edit, on: field)
        #expect(
            eachRange.map(\.call) == [
                .single(range: UTF16Range(location: 4, length: 3), replacement: "2"),
                .single(range: UTF16Range(location: 0, length: 4), replacement: ""),
            ])
        let multi = DelegateModel(profile: Fixtures.ios26).plan(edit, on: field)
        #expect(
            multi.map(\.call) == [
                .multi(
                    ranges: [UTF16Range(location: 4, length: 3), UTF16Range(location: 0, length: 4)], replacement: "2")
            ])
    }

    @Test func theProposedTextOfAMultiRangeCallPutsTheTextInTheTargetRange() {
        let call = DelegateCall.multi(ranges: [.caret(at: 2)], replacement: "王")
        #expect(call.proposedText(applyingTo: "ㄨㄤ", target: .firstListed) == "ㄨㄤ王")
        #expect(
            DelegateCall.single(range: UTF16Range(location: 0, length: 2), replacement: "王").proposedText(
                applyingTo: "ㄨㄤ", target: .firstListed) == "王")
        #expect(
            DelegateCall.single(range: UTF16Range(location: 1, length: 5), replacement: "").proposedText(
                applyingTo: "ab", target: .firstListed) == nil)
    }
}
