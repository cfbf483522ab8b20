import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import InputRules
import Testing

@Suite struct SegmentationDifferentialTests {
    @Test func swiftAndICUAgreeOnAlmostEverythingAndEachDisagreementIsMinimised() throws {
        let differential = try SegmentationDifferential(inventory: Fixtures.inventory)
        let result = differential.run(seed: 0, iterations: 3000)
        #expect(result.texts == 3000)
        #expect(result.clusters > 50_000)
        for finding in result.findings {
            #expect(finding.icu != finding.swift)
            #expect(finding.text.decodedUnits.count <= 4, "\(finding.text.visibleDescription)")
        }
        // The harness's own segmentation gives exactly ICU's boundaries on the same text.
        let own = differential.checkOwnSegmentation(seed: 1, iterations: 20_000)
        #expect(own.disagreements == 0)
        #expect(own.clusters > 300_000)
        // The one known difference (GraphemeBreakTest.txt line 625 too): Swift breaks
        // between two pictographs joined by ZWJ where UAX #29's GB11 does not.
        let known = SegmentationDifferential.swiftBoundaries("\u{2701}\u{200D}\u{2701}")
        #expect(known == [0, 2, 3])
    }
}
