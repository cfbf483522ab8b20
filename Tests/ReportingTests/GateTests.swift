import Composition
import Foundation
import HarnessJSON
import KeyboardOverlap
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
        let gate = try Gate.parse(name, family: .replay).get()
        // A fuzz property counts as the rule's.
        let kind = { (name: String) in
            FindingKind(name, family: .replay) ?? FindingKind(name, family: .fuzz) ?? .keyboard(.fieldCovered)
        }
        for name in failing { #expect(gate.fails(kind(name)), "\(name)") }
        for name in passing { #expect(!gate.fails(kind(name)), "\(name)") }
    }

    /// A keyboard handler is what `rule` gates in a keyboard run; `platform` never names it.
    @Test func keyboardFindingsAreTheHandlers() {
        for invariant in KeyboardInvariant.allCases {
            #expect(Gate.rule.fails(.keyboard(invariant)) && !Gate.platform.fails(.keyboard(invariant)))
        }
        #expect(FindingKind.all(.keyboard).allSatisfy { $0.cause == .handler && $0.family == .keyboard })
    }

    /// Names are read within a family: `limit-exceeded` is a discrepancy and a property.
    @Test func namesAreReadWithinTheirFamily() {
        #expect(FindingKind("limit-exceeded", family: .replay) == .discrepancy(.limitExceeded))
        #expect(FindingKind("limit-exceeded", family: .fuzz) == .property(.limitExceeded))
        // A replay with Android profiles finds what only a property names (issue 42).
        #expect(FindingKind("deletion-blocked", family: .replay) == .property(.deletionBlocked))
        #expect(FindingKind("field-covered", family: .replay) == nil)
        #expect(FindingKind("field-covered", family: .fuzz) == nil)
        for family in FindingKind.Family.allCases {
            for kind in FindingKind.all(family) { #expect(FindingKind(kind.name, family: family) == kind) }
        }
    }

    @Test func aMisspeltKindIsRefusedWithTheClosestOne() {
        #expect(throws: GateError(value: "limit-exceded", suggestion: "limit-exceeded")) {
            try Gate.parse("broken-text,limit-exceded", family: .replay).get()
        }
        #expect(throws: GateError(value: "rules", suggestion: "rule")) {
            try Gate.parse("rules", family: .replay).get()
        }
        #expect(throws: GateError(value: "zzzz", suggestion: nil)) { try Gate.parse("zzzz", family: .replay).get() }
        #expect(throws: GateError(value: "", suggestion: nil)) { try Gate.parse("", family: .replay).get() }
        #expect(
            (try? Gate.parse("deletion-blocked", family: .replay).get()) == .kinds([.property(.deletionBlocked)]),
            "an Android replay's deletion-blocked gates a replay")
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
