import Composition
import Graphemes
import InputRules
import Testing

/// UIKit sends `editingChanged` only when the text or its marked part changed: a caret
/// move, or an edit that changed nothing, sends none. Rules that rewrite the text on
/// every notification (seed 000's filters) must not fire on those.
@Suite struct EditingChangedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var initial: String
        var events: [SessionEvent]
        var spec: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // The case: the filter would delete 中 (URO) had it run on the caret move.
        .init(
            name: "caret move", initial: "中文|", events: [.setSelection(.caret(at: 0))], spec: "legacy-lxd-character",
            expected: "中文"),
        .init(
            name: "selection", initial: "ab|", events: [.setSelection(UTF16Range(0..<2))], spec: "legacy-lxd-number",
            expected: "ab"),
        .init(
            name: "replacement by the same text", initial: "ab|", events: [.replace(UTF16Range(0..<1), "a")],
            spec: "legacy-lxd-number", expected: "ab"),
        .init(
            name: "deletion at the start", initial: "|ab", events: [.deleteBackward], spec: "legacy-lxd-number",
            expected: "ab"),
        // A real change still reaches the handler: the digits-only filter removes the letters.
        .init(
            name: "a change", initial: "ab|", events: [.insertText("1")], spec: "legacy-lxd-number", expected: "1"),
    ]

    @Test(arguments: cases) func handlerRunsOnlyWhenTheTextChanges(_ testCase: Case) throws {
        let result = try Fixtures.replay(try Fixtures.session(testCase.initial, testCase.events), testCase.spec)
        #expect(result.endsEverywhere(with: testCase.expected), "\(result.finalText.map(\.value.visibleDescription))")
    }

    /// The shipped session: "abc", caret moved between a and b, X typed, c deleted.
    @Test func shippedCaretMoveSessionEndsWithItsText() throws {
        let result = try Fixtures.replay(Fixtures.corpusSession("latin-caret-move"), "legacy-lxd-character")
        #expect(result.endsEverywhere(with: "aXb"))
    }

    /// A rejected call's proposed-text-mismatch says what happened: the field kept its text.
    @Test func rejectedCallSaysTheFieldKeptItsText() throws {
        let session = try Fixtures.pinyin("12345|", "h", commit: "黄")
        let result = try Fixtures.replay(session, "legacy-input-filter:max-length=6")
        let mismatch = try #require(result.findings.first { $0.kind == .proposedTextMismatch })
        #expect(mismatch.message.contains("rejected it, so the field still holds \"12345h\""), "\(mismatch.message)")
        #expect(!mismatch.message.contains("then holds"))
    }
}
