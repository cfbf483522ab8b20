import Composition
import Graphemes
import InputRules
import Testing

/// A secure field clears on the first key after it gains focus again.
@Suite struct SecureEntryTests {
    static func secure(_ initial: String, _ events: [SessionEvent]) throws -> Session {
        var session = try Fixtures.session(initial, events)
        session.secureTextEntry = true
        return session
    }

    @Test func theFirstKeyAfterRefocusReplacesTheWholeText() throws {
        let session = try Self.secure("hunter2|", [.endEditing, .beginEditing, .insertText("x"), .insertText("y")])
        let result = try Replayer().run(
            session, profiles: Fixtures.profiles, rules: [AcceptEverything()], traces: .all)[0]
        #expect(result.agreedText == "xy")
        let step = result.traces[0].steps[2]
        #expect(step.calls.map(\.call) == [.single(range: UTF16Range(location: 0, length: 7), replacement: "x")])
        #expect(step.note == .presented(recorded: .insertText("x")))
        // Only the first key: the next one types at the caret.
        #expect(result.traces[0].steps[3].note == nil)
    }

    @Test func backspaceClearsAndACaretMoveDoesNotCount() throws {
        let cleared = try Self.secure("pass|", [.endEditing, .beginEditing, .deleteBackward, .insertText("q")])
        #expect(try Fixtures.replay(cleared, "none").agreedText == "q")
        let moved = try Self.secure(
            "abcd|", [.endEditing, .beginEditing, .setSelection(.caret(at: 2)), .insertText("e")])
        #expect(try Fixtures.replay(moved, "none").agreedText == "e")
    }

    @Test func anInsecureOrStillFocusedFieldTypesAtTheCaret() throws {
        let insecure = try Fixtures.session("ab|", [.endEditing, .beginEditing, .insertText("c")])
        #expect(try Fixtures.replay(insecure, "none").agreedText == "abc")
        let focused = try Self.secure("ab|", [.insertText("c")])
        #expect(try Fixtures.replay(focused, "none").agreedText == "abc")
    }

    /// Seed 004's limit adds the key to the whole text, ignoring the range that replaces it:
    /// at its limit a password can never be typed again; the correct limit takes it.
    @Test func aLimitThatIgnoresTheRangeLocksThePasswordOut() throws {
        let session = Fixtures.corpusSession("programmatic-secure-refocus-at-limit")
        #expect(try Fixtures.replay(session, "legacy-input-filter:max-length=4").agreedText == "abcd")
        #expect(try Fixtures.replay(session, "max-length:limit=4").agreedText == "ef")
    }
}
