import Foundation
import IMEHarness
import Testing
import TextFieldRules

/// The fixes under long fuzzing campaigns: `LONG_FUZZ_SECONDS=20 swift test --filter
/// LongCampaignTests` fuzzes each for that long per seed, seeds 0, 1 and 2 (skipped
/// otherwise: CI runs the iteration-counted tests instead).
@Suite struct LongCampaignTests {
    static let seconds = ProcessInfo.processInfo.environment["LONG_FUZZ_SECONDS"].flatMap(Double.init)

    static let fixes: [(String, any InputRule)] = [
        ("FixedLimit", FixedLimit(limit: 10)), ("safePrice", safePrice), ("asciiDigitsOnly", asciiDigitsOnly),
        ("undoOverflow", undoOverflow), ("stripNewlinesAfterComposition", stripNewlinesAfterComposition),
        ("truncatingFormatter", truncatingFormatter(6, respectsComposing: true)),
        ("capWhenDoneComposed", capWhenDone(5, composed: true)),
    ]

    @Test(.enabled(if: seconds != nil), arguments: fixes.map(\.0))
    func fixSurvivesLongFuzzing(_ name: String) throws {
        let rule = try #require(Self.fixes.first { $0.0 == name }?.1)
        for seed: UInt64 in 0...2 {
            let run = try HarnessAssert.survivesFuzzing(rule: rule, seconds: Self.seconds ?? 0, seed: seed)
            print("long campaign: \(name) seed \(seed): \(run.sessions) sessions, no failure")
        }
    }
}
