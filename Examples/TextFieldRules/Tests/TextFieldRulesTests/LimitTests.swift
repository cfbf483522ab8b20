import IMEHarness
import Testing
import TextFieldRules

/// The naive limit fails in the ways the harness reports; the fixed one passes.
@Suite struct LimitTests {
    /// Replaying the shipped corpus (real Pinyin, Zhuyin, Korean and Japanese sessions)
    /// catches the naive limit refusing compositions, with the sessions that show it.
    @Test func naiveLimitInterruptsRealCompositions() {
        let error = #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: naiveLimit) }
        let message = error?.description ?? ""
        #expect(message.contains("rule 'naive-limit-10'"))
        #expect(message.contains("composition-interrupted"))
        #expect(message.contains("(rejected)"), "the session's timeline shows the refused event")
    }

    /// Fuzzing catches it too, with a session minimised to a few events, each shown as the
    /// field before and after in field notation.
    @Test func naiveLimitFailsFuzzingWithAMinimisedSession() {
        let error = #expect(throws: HarnessFailure.self) {
            try HarnessAssert.survivesFuzzing(rule: naiveLimit, contract: .maxLength(10, .graphemes), iterations: 2_000)
        }
        let message = error?.description ?? ""
        #expect(message.contains("minimised to"))
        #expect(message.contains("→"), "each event with the field before and after")
    }

    /// The fix: the whole shipped corpus under both iOS profiles, then five seconds of fuzzing.
    @Test func fixedLimitPassesTheCorpusAndFuzzing() throws {
        try HarnessAssert.noDiscrepancies(
            rule: FixedLimit(limit: 10), corpus: .bundled, profiles: [.ios18Single, .ios26Multi])
        try HarnessAssert.survivesFuzzing(rule: FixedLimit(limit: 10), iterations: 5_000)
    }
}
