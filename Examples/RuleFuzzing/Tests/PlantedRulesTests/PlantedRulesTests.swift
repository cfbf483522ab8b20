import IMEHarness
import PlantedRules
import Testing

/// The planted rules are correct limits everywhere but behind their conditions: replaying
/// the bundled corpus finds nothing; a session built to meet every condition breaks the limit.
@Suite struct PlantedRulesTests {
    @Test(arguments: 1...4)
    func theCorpusDoesNotReachThePlantedBug(_ depth: Int) throws {
        try HarnessAssert.noDiscrepancies(rule: PlantedRules.rule(depth: depth))
    }

    @Test func theDecoderGivesEveryInputASession() {
        let target = RuleFuzzTarget(rule: PlantedRules.rule(depth: 1))
        for size in [0, 1, 7, 64, 600] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let session = bytes.withUnsafeBufferPointer { target.session($0) }
            #expect(!session.events.isEmpty)
        }
    }
}
