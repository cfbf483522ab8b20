import Foundation
import Graphemes
import Testing

@testable import Composition

/// A rule that traps is a finding (`rule-crashed`, with its event, profile and the
/// runtime's message), and the process that replays it survives.
@Suite struct RuleCrashTests {
    /// Force-unwraps the emoji it looks for: the common `text.firstIndex(of:)!` bug.
    struct UnwrapsNil: InputRule {
        var spec: String { "test-unwraps-nil" }
        func shouldChange(_ request: ChangeRequest) -> Bool {
            let digits = String(decoding: request.call.replacement.units, as: UTF16.self).compactMap(\.wholeNumberValue)
            return digits.first! < 10
        }
    }

    /// Reads one unit past the end of the field in its `editingChanged` handler.
    struct ReadsPastTheEnd: InputRule {
        var spec: String { "test-reads-past-end" }
        func editingChanged(_ change: FieldChange) -> TextAssignment? {
            let units = change.after.text.units
            return units[units.count] == 0 ? nil : nil
        }
    }

    /// Recurses without end on a marked-text update.
    struct Recurses: InputRule {
        var spec: String { "test-recurses" }
        func depth(_ count: Int) -> Int { count == Int.max ? 0 : depth(count + 1) + 1 }
        func shouldChange(_ request: ChangeRequest) -> Bool {
            request.field.markedRange == nil || depth(0) > 0
        }
    }

    @Test func aForceUnwrappedNilIsAFindingAtItsEvent() throws {
        let session = try Fixtures.session(
            "digits", "|", [.insertText("1"), .insertText("2"), .insertText("a"), .insertText("3")])
        let found = try Fixtures.discrepancies(session, rule: UnwrapsNil())
        let crashes = found.filter { $0.kind == .ruleCrashed }
        #expect(crashes.map(\.event) == [2, 2])
        #expect(crashes.map(\.profiles) == [["ios18-single"], ["ios26-multi"]])
        let message = try #require(crashes.first?.message)
        #expect(message.contains("insertText(\"a\")"), "\(message)")
        #expect(message.contains("Unexpectedly found nil while unwrapping an Optional value"), "\(message)")
        // The app is gone: the later event never reaches the field, which keeps "12".
        let result = try Replayer().run(session, profiles: [Fixtures.ios18], rules: [UnwrapsNil()])[0]
        #expect(result.finalText.map(\.value) == ["12"])
    }

    @Test func anIndexOutOfRangeInEditingChangedIsAFinding() throws {
        let session = try Fixtures.session("letters", "ab|", [.insertText("c")])
        let found = try Fixtures.discrepancies(session, profiles: [Fixtures.ios18], rule: ReadsPastTheEnd())
        #expect(found.map(\.kind) == [.ruleCrashed])
        #expect(found.first?.message.contains("Index out of range") == true, "\(found.first?.message ?? "")")
    }

    @Test func aStackOverflowIsAFinding() throws {
        let session = try Fixtures.session(
            "pinyin", "|", [.setMarkedText("n", selectedRange: .caret(at: 1)), .insertText("你")])
        let found = try Fixtures.discrepancies(session, profiles: [Fixtures.ios18], rule: Recurses())
        #expect(found.map(\.kind) == [.ruleCrashed])
        #expect(found.first?.event == 1)
        #expect(found.first?.message.contains("stack overflow") == true, "\(found.first?.message ?? "")")
    }

    /// After many caught traps the replayer still replays correctly.
    @Test func replayGoesOnAfterManyTraps() throws {
        let replayer = try Replayer()
        let session = try Fixtures.session("a", "|", [.insertText("a")])
        for _ in 0..<200 {
            let result = replayer.run(session, profiles: [Fixtures.ios18], rules: [UnwrapsNil()])[0]
            #expect(result.findings.map(\.kind) == [.ruleCrashed])
        }
        let clean = replayer.run(session, profiles: [Fixtures.ios18], rules: [AcceptEverything()])[0]
        #expect(clean.findings.isEmpty && clean.finalText.map(\.value) == ["a"])
    }

    /// Traps with a message naming the text it was asked about.
    struct TrapsNamingTheText: InputRule {
        var spec: String { "test-traps-naming-text" }
        func shouldChange(_ request: ChangeRequest) -> Bool {
            let text = String(decoding: request.call.replacement.units, as: UTF16.self)
            preconditionFailure("asked about \(text)")
        }
    }

    /// The runtime keeps one fatal-error message for the process: replays trapping on
    /// several threads at once each report their own trap's message, every time (a trap
    /// is read again alone, ``RuleGuard/run(exclusive:_:)``).
    @Test func trapsOnManyThreadsKeepTheirOwnMessages() throws {
        let sessions = try (0..<16).map { index in
            try Fixtures.session("latin-\(index)", "|", [.insertText(UTF16Text("t\(index)"))])
        }
        final class Faults: @unchecked Sendable {
            let lock = NSLock()
            var all: [(Int, String)] = []
        }
        let faults = Faults()
        DispatchQueue.concurrentPerform(iterations: sessions.count * 200) { index in
            let session = sessions[index % sessions.count]
            let replayer = try? Replayer()
            let result = replayer?.run(session, profiles: [Fixtures.ios18], rules: [TrapsNamingTheText()])[0]
            let fault = result?.findings.first { $0.kind == .ruleCrashed }?.message ?? "no crash"
            faults.lock.lock()
            faults.all.append((index % sessions.count, fault))
            faults.lock.unlock()
        }
        #expect(faults.all.count == sessions.count * 200)
        for (index, fault) in faults.all {
            #expect(fault.contains("asked about t\(index)") && !fault.contains("asked about t\(index)0"), "\(fault)")
        }
    }
}
