import Composition
import Foundation
import Graphemes
import HarnessJSON
import HarnessTestSupport
import InputRules
import Testing

/// The app's own edits and undo, which reach the field outside the keyboard.
@Suite struct ProgrammaticEditTests {
    static let full = String(repeating: "a", count: 20)

    /// jianshu.com/p/8a18baf0a252: at the limit, a paste is refused, then undo on the iPad's
    /// shortcut bar: UIKit registered the paste anyway and asks to undo `{20, 19}` on a text
    /// of 20. Seed 004's limit (`length + string.length <= max`) accepts the deletion, and
    /// UIKit raises NSRangeException: the app is gone. A limit that measures the text the
    /// call implies refuses a range that does not fit.
    @Test func undoAfterARefusedPasteCrashesALimitThatIgnoresTheRange() throws {
        let paste = UTF16Text(String(repeating: "b", count: 19))
        let session = try Fixtures.session(Self.full + "|", [.replace(.caret(at: 20), paste), .undo])
        let naive = try Fixtures.replay(session, "legacy-input-filter:max-length=20")
        #expect(naive.kinds == [.ruleCrashed, .ruleCrashed], "\(naive.kinds)")
        let crash = try #require(naive.findings.first { $0.kind == .ruleCrashed })
        #expect(crash.message.contains("NSRangeException"), "\(crash.message)")
        let correct = try Fixtures.replay(session, "max-length:limit=20,unit=utf16")
        #expect(!correct.kinds.contains(.ruleCrashed), "\(correct.kinds)")
        #expect(correct.agreedText == Self.full)
    }

    /// Fuzzing found the replay itself trapping here (reported as the rule's crash): the
    /// undo of a multi-range deletion the rule had rewritten was applied to the field the
    /// recording assumes, where its range did not fit.
    @Test func undoOfAnEditTheRuleRewroteNeverTrapsTheReplay() throws {
        let session = try Fixtures.session(
            "|",
            [
                .insertText("aaa"), .insertText("aa"), .deleteBackward, .deleteBackward, .deleteBackward,
                .replaceRanges([UTF16Range(location: 0, length: 1), UTF16Range(location: 1, length: 1)], ""), .undo,
            ])
        let result = try Fixtures.replay(session, "max-length:limit=4,unit=utf16")
        #expect(!result.kinds.contains(.ruleCrashed), "\(result.findings.map(\.message))")
    }

    @Test func undoRevertsTheLastEditAndRedoReappliesIt() throws {
        let session = try Fixtures.session(
            "ab|", [.insertText("c"), .replace(.caret(at: 0), "x"), .undo, .undo, .redo])
        let traces = try Replayer().run(
            session, profiles: [Fixtures.profiles[0]], rules: [AcceptEverything()], traces: .all)[0]
            .traces[0]
        #expect(
            traces.steps.map { String(decoding: $0.after.text.units, as: UTF16.self) } == [
                "abc", "xabc", "abc", "ab", "abc",
            ])
        #expect(
            traces.steps[2].calls.map(\.call) == [.single(range: UTF16Range(location: 0, length: 1), replacement: "")])
        #expect(traces.steps[2].note == .presented(recorded: .undo))
    }

    /// The app's assignment asks no delegate, sends no `editingChanged`, clears the undo
    /// stack, and may leave the field over a limit the delegate enforces.
    @Test func setTextBypassesTheDelegateAndClearsUndo() throws {
        let session = try Fixtures.session("|", [.insertText("ab"), .setText("0123456789"), .undo, .insertText("x")])
        let result = try Replayer().run(
            session, profiles: Fixtures.profiles, rules: [Fixtures.rule("legacy-input-filter:max-length=4")],
            traces: .all)[0]
        let trace = result.traces[0]
        #expect(trace.steps[1].calls.isEmpty && trace.steps[1].after.text == "0123456789")
        #expect(trace.steps[2].calls.isEmpty && trace.steps[2].after.text == "0123456789", "nothing to undo")
        #expect(trace.steps[3].accepted == false, "the field starts over the limit; typing is refused")
        #expect(!result.kinds.contains(.limitExceeded), "the app's own text is not the rule's")
    }
}
