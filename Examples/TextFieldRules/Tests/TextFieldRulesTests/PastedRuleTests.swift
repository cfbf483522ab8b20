import IMEHarness
import Testing
import TextFieldRules

/// Each pasted rule's bug is found with a readable, minimised session; each fix passes.
@Suite struct PastedRuleTests {
    /// iOS keeps half of 😀 when `substring(to:)` cuts it: broken text. Cutting at a
    /// composed character sequence instead still drops text the user did not touch.
    @Test func truncationCutsAnEmojiInHalf() throws {
        let failure = try #require(Failures.fuzzing(truncatingLimit))
        #expect(failure.contains("broken-text"), "\(failure)")
        #expect(failure.contains("minimised to"), "\(failure)")
        let composed = try #require(Failures.fuzzing(composedTruncatingLimit))
        #expect(composed.contains("committed-text-lost") && !composed.contains("broken-text"), "\(composed)")
    }

    /// The force-unwrap crashes the app: rule-crashed, with a session of at most 6 events.
    @Test func forceUnwrapCrashesWithAShortSession() throws {
        let failure = try #require(Failures.fuzzing(forceUnwrappingPrice))
        #expect(failure.contains("rule-crashed"), "\(failure)")
        #expect(failure.contains("Unexpectedly found nil"), "\(failure)")
        let events =
            failure.split(separator: "\n").first { $0.contains("rule-crashed") }.map { _ in
                failure.components(separatedBy: "minimised to ").dropFirst().compactMap {
                    Int($0.prefix { $0.isNumber })
                }
            } ?? []
        #expect(events.allSatisfy { $0 <= 6 } && !events.isEmpty, "\(events)")
        #expect(Failures.fuzzing(safePrice) == nil, "\(Failures.fuzzing(safePrice) ?? "")")
    }

    /// CharacterSet.decimalDigits lets fullwidth and Arabic-Indic digits in.
    @Test func decimalDigitsAdmitsOtherScripts() throws {
        let failure = try #require(Failures.fuzzing(decimalDigitsOnly))
        #expect(failure.contains("disallowed-class"), "\(failure)")
        #expect(Failures.fuzzing(asciiDigitsOnly) == nil)
    }

    /// The marked-text guard lets a long commit past the limit.
    @Test func markedTextGuardLetsCommitsOverflow() throws {
        let failure = #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: markedGuardLimit) }
        #expect(failure?.description.contains("limit-exceeded") == true, "\(failure?.description ?? "")")
    }
}
