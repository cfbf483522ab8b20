import IMEHarness
import TextFieldRules
import XCTest

/// The same checks from XCTest: a thrown ``HarnessFailure`` fails the test with its message.
final class FixedLimitXCTests: XCTestCase {
    func testFixedLimitKeepsThirtyCharactersThroughTheCorpus() throws {
        try HarnessAssert.noDiscrepancies(rule: FixedLimit(limit: 30))
    }

    func testNaiveLimitIsReported() {
        XCTAssertThrowsError(try HarnessAssert.noDiscrepancies(rule: naiveLimit)) { error in
            XCTAssertTrue(String(describing: error).contains("composition-interrupted"))
        }
    }
}
