import Composition
import Graphemes
import Testing

/// A session replay keeps the first discrepancies and steps and counts the rest, exactly.
@Suite struct ReplayLimitsTests {
    /// 300 compositions of 你, each commit a proposed-text and a length mismatch under iOS 26.
    static var session: Session {
        get throws {
            try Fixtures.session(
                "limits", "|",
                (0..<300).flatMap { _ in
                    [SessionEvent.setMarkedText("n", selectedRange: .caret(at: 1)), .insertText("你")]
                })
        }
    }

    func run(_ limits: ReplayLimits) throws -> SessionResult {
        try Replayer().run(
            try Self.session, profiles: [Fixtures.ios18, Fixtures.ios26], rules: [AcceptEverything()], traces: .all,
            limits: limits)[0]
    }

    @Test func countsWhatItDoesNotKeep() throws {
        let everything = try run(ReplayLimits(steps: .max, discrepancies: .max, textUnits: .max))
        let limited = try run(ReplayLimits(steps: 10, discrepancies: 100, textUnits: .max))
        #expect(everything.findings.count == 600)
        #expect(everything.omitted.isEmpty)
        #expect(limited.findings == Array(everything.findings.prefix(100)))
        var counted: [String: Int] = [:]
        for discrepancy in limited.findings { counted[discrepancy.kind.rawValue, default: 0] += 1 }
        for omitted in limited.omitted { counted[omitted.kind.rawValue, default: 0] += omitted.count }
        #expect(counted == ["proposed-text-mismatch": 300, "length-mismatch": 300])
        #expect(limited.traces.map { $0.steps.count } == [10, 10])
        #expect(everything.traces.map { $0.steps.count } == [600, 600])
    }

    @Test func keepsNoMoreTextThanItsBudget() throws {
        // Each kept proposed-text mismatch holds the field three times; the budget ends the keeping early.
        let limited = try run(ReplayLimits(steps: 10, discrepancies: 1_000, textUnits: 2_000))
        #expect(limited.findings.count < 600)
        #expect(limited.findings.count > 10)
        #expect(limited.findings.count + limited.omitted.reduce(0) { $0 + $1.count } == 600)
    }

    /// A run that looks for some kinds finds exactly those of them a full run finds, and
    /// neither keeps nor counts the others — also where the kinds are costly to look for
    /// (lengths measured, evidence built), and where a kept kind fills the budget.
    @Test(arguments: [
        [DiscrepancyKind.lengthMismatch], [.proposedTextMismatch], [.verdictMismatch, .finalTextMismatch], [],
    ])
    func looksOnlyForTheKindsItIsAskedFor(_ kinds: [DiscrepancyKind]) throws {
        let everything = try run(ReplayLimits(steps: .max, discrepancies: .max, textUnits: .max))
        let some = try run(ReplayLimits(steps: .max, discrepancies: 250, textUnits: .max, kinds: Set(kinds)))
        let expected = everything.findings.filter { kinds.contains($0.kind) }
        #expect(some.findings == Array(expected.prefix(250)))
        #expect(some.omitted.reduce(0) { $0 + $1.count } == max(0, expected.count - 250))
        #expect(some.omitted.allSatisfy { omitted in kinds.contains { $0 == omitted.kind } })
    }
}
