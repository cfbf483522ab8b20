import Foundation
import HarnessTestSupport
import Testing

@testable import IMEHarness

/// Issue 41: a test target gates on the CLI's baseline and writes the CLI's reports, so a
/// team's workflow reads the same files whether its rules run from the CLI or from tests.
@Suite struct LibraryGateTests {
    /// The README's pasted limit: it counts UTF-16 units of marked text too.
    static let limit = DelegateRule("my-limit-10") { text, range, replacementString, _ in
        let updated = (text as NSString).replacingCharacters(in: range, with: replacementString)
        return (updated as NSString).length <= 10
    }

    static func corpus(_ names: [String]) -> Corpus {
        Corpus(source: .paths(names.map { Repository.path("Corpora/sessions/pinyin/\($0).json") }))
    }

    static func temporary() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aBaselineAcceptsWhatItListsAndNamesWhatIsNew() throws {
        let directory = try Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = BaselineFile(directory + "/ime-baseline.json")
        // No file yet: the failure says how to write one.
        #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: Self.limit, baseline: file) }
        do {
            try HarnessAssert.noDiscrepancies(rule: Self.limit, corpus: Self.corpus(["zhong-guo"]), baseline: file)
        } catch {
            #expect(error.description.contains("IME_HARNESS_WRITE_BASELINE=1"))
        }

        // What IME_HARNESS_WRITE_BASELINE=1 writes: every finding of these sessions accepted.
        let accepted = Self.corpus(["zhong-guo", "ni-hao"])
        let run = try CorpusReplay(rule: Self.limit, corpus: accepted)
        let kinds = DiscrepancyKind.claimed(by: Self.limit.contract)
        #expect(!run.propertyFailures.isEmpty || !run.failing(kinds).isEmpty, "the limit fails these sessions")
        try file.write(run.gateReport(kinds: kinds, baseline: nil).acceptingBaseline, replacing: ["my-limit-10"])
        try HarnessAssert.noDiscrepancies(rule: Self.limit, corpus: accepted, baseline: file)
        // Without the baseline the same check fails.
        #expect(throws: HarnessFailure.self) { try HarnessAssert.noDiscrepancies(rule: Self.limit, corpus: accepted) }

        // A session the baseline has not seen fails, named.
        do {
            try HarnessAssert.noDiscrepancies(
                rule: Self.limit, corpus: Self.corpus(["zhong-guo", "ni-hao", "near-limit"]),
                baseline: file)
            Issue.record("a new finding passed")
        } catch {
            #expect(error.description.contains("beyond the baseline"))
            #expect(
                error.description.contains("new: typed-text-lost in pinyin-near-limit with my-limit-10"), "\(error)")
            #expect(!error.description.contains("session pinyin-nihao"), "accepted sessions are not shown")
        }
    }

    @Test func theReportsAreTheCLIs() throws {
        let directory = try Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CorpusReplay(rule: Self.limit, corpus: Self.corpus(["zhong-guo"]))
        let report = run.gateReport(kinds: DiscrepancyKind.claimed(by: Self.limit.contract), baseline: nil)
        try ReportDirectory.write(report, name: "my limit/10", in: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["my-limit-10.html", "my-limit-10.junit.xml", "my-limit-10.summary.md"])
        let summary = try String(contentsOfFile: directory + "/my-limit-10.summary.md", encoding: .utf8)
        #expect(summary.contains("FAIL"))
        #expect(summary.contains("typed-text-lost"))
        let junit = try String(contentsOfFile: directory + "/my-limit-10.junit.xml", encoding: .utf8)
        #expect(junit.contains("<failure type=\"typed-text-lost\""))
    }
}

/// Issue 41: a digits-only SwiftUI `onChange` filter with no contract refuses every
/// Pinyin composition; the message says which contract would make that its purpose.
@Suite struct ContractAdviceTests {
    static let digitsOnly = FormatterRule("digits-only-onchange") { (_: String, new: String) -> String? in
        let digits = String(new.filter { $0.isASCII && $0.isNumber })
        return digits == new ? nil : digits
    }

    @Test func aRuleThatKeepsOnlyDigitsIsToldToSaySo() throws {
        do {
            try HarnessAssert.noDiscrepancies(rule: Self.digitsOnly)
            Issue.record("the filter passed without a contract")
        } catch {
            #expect(error.description.contains("Every text this rule let stay is digit-ascii"), "\(error)")
            #expect(error.description.contains("contract: .allowing(.digitASCII)"))
            #expect(error.description.split(separator: "\n")[1].hasPrefix("(Fields are shown as"))
        }
    }

    @Test func theAdviceTakenTheRefusalsAreItsPurpose() throws {
        let declared = FormatterRule("digits-only-onchange", contract: .allowing(.digitASCII)) {
            (_: String, new: String) -> String? in
            let digits = String(new.filter { $0.isASCII && $0.isNumber })
            return digits == new ? nil : digits
        }
        do {
            try HarnessAssert.noDiscrepancies(rule: declared)
        } catch {
            #expect(!error.description.contains("typed-text-lost"), "\(error)")
            #expect(!error.description.contains("Every text this rule let stay"))
        }
    }
}
