import Foundation
import IMEHarness
import Testing

/// The libFuzzer entry point's decoder: any bytes make a session, the same bytes the same
/// session, and random inputs find a legacy rule's documented failure as the seeded
/// fuzzer does.
@Suite struct RuleFuzzTargetTests {
    static func bytes(_ seed: UInt64, count: Int = 1024) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func everyInputDecodesToTheSameSessionEachTime() throws {
        let target = RuleFuzzTarget(rule: try Rules.named("max-length:limit=20"))
        for size in [0, 1, 2, 17, 300, 4096] {
            let input = Self.bytes(UInt64(size), count: size)
            let first = input.withUnsafeBufferPointer { target.session($0) }
            let again = input.withUnsafeBufferPointer { target.session($0) }
            #expect(first == again)
            #expect(!first.events.isEmpty)
        }
    }

    @Test func randomInputsFindALegacyRulesDocumentedFailure() throws {
        let target = RuleFuzzTarget(rule: try Rules.named("legacy-truncate-count:limit=6"), property: "broken-text")
        let found = (0..<2000).first { seed in
            Self.bytes(UInt64(seed)).withUnsafeBufferPointer { target.failures($0) }.contains {
                $0.property == "broken-text"
            }
        }
        #expect(found != nil, "no broken text in 2,000 random inputs")
    }

    @Test func aCorrectRuleHasNoFailures() throws {
        let target = RuleFuzzTarget(rule: try Rules.named("max-length:limit=20"))
        for seed in 0..<300 {
            let failures = Self.bytes(UInt64(seed)).withUnsafeBufferPointer { target.failures($0) }
            #expect(failures.isEmpty, "\(failures)")
        }
    }
}
