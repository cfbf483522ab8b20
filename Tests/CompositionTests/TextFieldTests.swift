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
