import IMEHarness

/// What a check says when it fails, `nil` when the rule passes: tests then read the
/// message a developer would see.
enum Failures {
    /// The replay assertion's message for `rule` over the bundled corpus.
    static func replay(_ rule: some InputRule) -> String? {
        message { () throws(HarnessFailure) in try HarnessAssert.noDiscrepancies(rule: rule) }
    }

    /// The fuzzing assertion's message for `rule` after `iterations` sessions.
    static func fuzzing(_ rule: some InputRule, iterations: Int = 2_000) -> String? {
        message { () throws(HarnessFailure) in try HarnessAssert.survivesFuzzing(rule: rule, iterations: iterations) }
    }

    private static func message(_ check: () throws(HarnessFailure) -> Void) -> String? {
        do {
            try check()
            return nil
        } catch {
            return error.description
        }
    }
}
