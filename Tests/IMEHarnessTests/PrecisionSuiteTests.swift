import Foundation
import IMEHarness
import Testing

/// The precision suite: strict rules written correctly (``PrecisionRules``) replayed
/// through the shipped corpus and fuzzed from three seeds, under every profile, with no
/// report at all. `PRECISION_SECONDS=20 swift test --filter PrecisionSuite` fuzzes each
/// seed for that long instead of a fixed count of sessions (the closing-note figure);
/// `PRECISION_RULE=SPEC` runs that rule alone.
@Suite struct PrecisionSuiteTests {
    static let seconds = ProcessInfo.processInfo.environment["PRECISION_SECONDS"].flatMap(Double.init)
    static let only = ProcessInfo.processInfo.environment["PRECISION_RULE"]

    @Test(arguments: PrecisionRules.all.map(\.spec).filter { only == nil || $0 == only })
    func aCorrectStrictRuleIsNeverReported(_ spec: String) throws {
        let rule = try #require(PrecisionRules.all.first { $0.spec == spec })
        let profiles = PrecisionRules.profiles(of: rule)
        try HarnessAssert.noDiscrepancies(rule: rule, profiles: profiles)
        var sessions = 0
        for seed: UInt64 in [1, 2, 3] {
            sessions += try HarnessAssert.survivesFuzzing(
                rule: rule, seconds: Self.seconds ?? 5, iterations: Self.seconds == nil ? 300 : nil, seed: seed,
                profiles: profiles
            ).sessions
        }
        // The closing note's figure: sessions fuzzed per rule, none reported.
        print("precision suite: \(spec): corpus and \(sessions) fuzzed sessions, no report")
    }
}

/// The precision suite's Android members, replayed through the Android corpus and fuzzed
/// from three seeds under Gboard and Samsung Keyboard: no report at all.
/// `PRECISION_SECONDS=20` fuzzes each seed that long (the closing-note figure).
@Suite struct AndroidPrecisionSuiteTests {
    @Test(
        arguments: PrecisionRules.android.map(\.spec).filter {
            PrecisionSuiteTests.only == nil || $0 == PrecisionSuiteTests.only
        })
    func aCorrectAndroidRuleIsNeverReported(_ spec: String) throws {
        let rule = try #require(PrecisionRules.android.first { $0.spec == spec })
        let replayed = try HarnessAssert.noDiscrepancies(android: rule)
        var sessions = 0
        for seed: UInt64 in [1, 2, 3] {
            sessions += try HarnessAssert.survivesFuzzing(
                android: rule, seconds: PrecisionSuiteTests.seconds ?? 5,
                iterations: PrecisionSuiteTests.seconds == nil ? 1500 : nil, seed: seed)
        }
        print(
            "precision suite (Android): \(spec): \(replayed) corpus sessions and \(sessions) fuzzed sessions, no report"
        )
    }
}
