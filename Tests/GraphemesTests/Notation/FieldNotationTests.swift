import Testing

@testable import Graphemes

@Suite struct FieldNotationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var notation: String
        var text: UTF16Text
        var selection: UTF16Range
        var marked: UTF16Range?
        var testDescription: String { notation }
    }

    static let cases: [Case] = [
        .init(notation: "|", text: "", selection: .caret(at: 0), marked: nil),
        .init(notation: "ab|", text: "ab", selection: .caret(at: 2), marked: nil),
        .init(notation: "ab[ㄨㄤ|]", text: "abㄨㄤ", selection: .caret(at: 4), marked: UTF16Range(location: 2, length: 2)),
        .init(notation: "[|ㄨㄤ]", text: "ㄨㄤ", selection: .caret(at: 0), marked: UTF16Range(location: 0, length: 2)),
        .init(notation: "[ㄨ|ㄤ]", text: "ㄨㄤ", selection: .caret(at: 1), marked: UTF16Range(location: 0, length: 2)),
        .init(
            notation: "[|zhong guo|]", text: "zhong guo", selection: UTF16Range(location: 0, length: 9),
            marked: UTF16Range(location: 0, length: 9)),
        .init(notation: "a|bc|d", text: "abcd", selection: UTF16Range(location: 1, length: 2), marked: nil),
        .init(
            notation: "|ab|[cd]", text: "abcd", selection: UTF16Range(location: 0, length: 2),
            marked: UTF16Range(location: 2, length: 2)),
        .init(notation: "[ab]c|", text: "abc", selection: .caret(at: 3), marked: UTF16Range(location: 0, length: 2)),
        .init(notation: "[|]", text: "", selection: .caret(at: 0), marked: .caret(at: 0)),
        .init(notation: "<D83D>|", text: UTF16Text(units: [0xD83D]), selection: .caret(at: 1), marked: nil),
        .init(notation: "<D83D>|<DE00>", text: "😀", selection: .caret(at: 1), marked: nil),
        .init(notation: "👨<200D>👩|", text: "👨‍👩", selection: .caret(at: 5), marked: nil),
        .init(notation: "a\\[b\\]\\|\\<\\\\|", text: "a[b]|<\\", selection: .caret(at: 7), marked: nil),
    ]

    @Test(arguments: cases)
    func readsAndWrites(_ testCase: Case) throws {
        let state = try FieldState(notation: testCase.notation)
        #expect(state.text == testCase.text)
        #expect(state.selection == testCase.selection)
        #expect(state.markedRange == testCase.marked)
        let expected = FieldState(text: testCase.text, selection: testCase.selection, markedRange: testCase.marked)
        #expect(expected.notation == testCase.notation)
    }

    @Test func withoutACaretTheCaretIsAtTheEndOfTheMarkedText() throws {
        #expect(try FieldState(notation: "ab[ㄨㄤ]c").selection == .caret(at: 4))
        #expect(try FieldState(notation: "abc").selection == .caret(at: 3))
    }

    @Test func statesTheSelectionInsideTheMarkedText() throws {
        #expect(try FieldState(notation: "ab[ㄨ|ㄤ]").selectionInMarkedText == .caret(at: 1))
        #expect(try FieldState(notation: "ab[ㄨㄤ]c|").selectionInMarkedText == nil)
        // A caret at either end of the marked text is inside it, and is written so.
        #expect(try FieldState(notation: "ab[ㄨㄤ]|").selectionInMarkedText == .caret(at: 2))
        #expect(try FieldState(notation: "ab[ㄨㄤ]|").notation == "ab[ㄨㄤ|]")
        #expect(try FieldState(notation: "ab[ㄨㄤ]").markedText == "ㄨㄤ")
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var notation: String
        var error: FieldNotationError
        var testDescription: String { notation }
    }

    static let badCases: [BadCase] = [
        .init(notation: "ab\\", error: .danglingEscape(position: 2)),
        .init(notation: "[a[b]", error: .unexpected("[", position: 2)),
        .init(notation: "a]", error: .unexpected("]", position: 1)),
        .init(notation: "|a|b|", error: .unexpected("|", position: 4)),
        .init(notation: "[ab", error: .unclosedMarkedText),
        .init(notation: "<D8>", error: .badCodePointToken(position: 0)),
        .init(notation: "x<110000>", error: .badCodePointToken(position: 1)),
        .init(notation: "<12345678>", error: .badCodePointToken(position: 0)),
        .init(notation: "<D83D", error: .badCodePointToken(position: 0)),
    ]

    @Test(arguments: badCases)
    func rejectsMalformedNotation(_ testCase: BadCase) {
        #expect(throws: testCase.error) { try FieldState(notation: testCase.notation) }
    }
}
