import Composition
import Foundation
import HarnessJSON
import Testing

@testable import Reporting

/// The gate decides which findings fail, in every output.
@Suite struct GateTests {
    @Test(arguments: [
        ("rule", ["composition-interrupted", "broken-text", "key-refused", "fuzz-only-property"], ["length-mismatch"]),
        ("platform", ["length-mismatch", "range-out-of-bounds", "observed-mismatch"], ["limit-exceeded"]),
        ("all", ["length-mismatch", "limit-exceeded"], []),
        ("none", [], ["length-mismatch", "limit-exceeded"]),
        ("limit-exceeded,broken-text", ["limit-exceeded", "broken-text"], ["rule-crashed", "length-mismatch"]),
    ])
    func failsOnWhatItNames(_ name: String, _ failing: [String], _ passing: [String]) throws {
        let known = DiscrepancyKind.allCases.map(\.rawValue)
        let gate = try Gate.parse(name, known: known).get()
        for kind in failing { #expect(gate.fails(kind), "\(kind)") }
        for kind in passing { #expect(!gate.fails(kind), "\(kind)") }
    }

    @Test func aMisspeltKindIsRefusedWithTheClosestOne() {
        let known = DiscrepancyKind.allCases.map(\.rawValue)
        #expect(throws: GateError(value: "limit-exceded", suggestion: "limit-exceeded")) {
            try Gate.parse("broken-text,limit-exceded", known: known).get()
        }
        #expect(throws: GateError(value: "rules", suggestion: "rule")) { try Gate.parse("rules", known: known).get() }
        #expect(throws: GateError(value: "zzzz", suggestion: nil)) { try Gate.parse("zzzz", known: known).get() }
        #expect(throws: GateError(value: "", suggestion: nil)) { try Gate.parse("", known: known).get() }
    }

    /// The corpus with no rule: the platform's discrepancies are reported; gated on the
    /// rule the run passes, on the platform it fails — and every output says so.
    @Test func everyOutputCarriesTheVerdict() throws {
        var report = Fixtures.corpusReport
        report.gate = .rule
        #expect(report.passes && report.exitCode == 0 && report.failingCount == 0)
        #expect(report.markdown.contains("**PASS** (--fail-on rule): no finding fails the run;"))
        #expect(report.html().contains("<p class=\"verdict pass\"><b>PASS</b>"))
        #expect(report.matrix.contains("**PASS** (--fail-on rule)"))
        #expect(try ParsedXML(report.junit).all("failure").isEmpty)
        #expect(report.junit.contains("Reported, not failing the run (--fail-on rule)"))
        report.gate = .platform
        #expect(!report.passes && report.exitCode == 1 && report.failingCount == report.findingCount)
        #expect(
            report.markdown.contains("**FAIL** (--fail-on platform): \(report.findingCount) findings fail the run."))
        // Read back from JSON, the gate and so the verdict stay.
        let reread = try Report(json: JSONNode(JSONParser.parse(report.json.rendered())))
        #expect(reread.gate == .platform && reread.exitCode == 1)
    }
}
