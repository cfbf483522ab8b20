import Foundation
import IMEHarness
import Testing

/// A pasted amount-field delegate fuzzed on the keyboard its field shows.
@Suite struct KeyboardCampaignTests {
    /// The amount field people copy: accept what still parses as a `Double`, which reads
    /// only "." (Stack Overflow 11487850: `floatValue` "does non-localized scanning").
    final class ParsesAsDouble: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            let updated = ((textField.text ?? "") as NSString).replacingCharacters(in: range, with: string)
            return updated.isEmpty || Double(updated) != nil
        }
    }

    static let rule = TextFieldRule("parses-as-double") { field in
        let delegate = ParsesAsDouble()
        field.delegate = delegate
        field.retained.append(delegate)
    }

    @Test func aGermanDecimalPadCannotTypeTheSeparator() throws {
        let campaign = try FuzzCampaign(
            rule: Self.rule, contract: RuleContract(promise: "an amount"), iterations: 300, keyboard: .decimalPad,
            region: "de-DE")
        let refused = try #require(campaign.failures.first { $0.property == "key-refused" })
        #expect(refused.message.contains(#"the "," key of the decimalPad keyboard (de-DE)"#), "\(refused.message)")
        #expect(refused.session.events.count <= 3)
    }

    /// In a region whose separator is "." the same delegate takes every key of the pad.
    @Test func aUSDecimalPadTypesIt() throws {
        let campaign = try FuzzCampaign(
            rule: Self.rule, contract: RuleContract(promise: "an amount"), iterations: 300, keyboard: .decimalPad,
            region: "en-US")
        let refused = campaign.failures.filter { $0.property == "key-refused" }
        #expect(refused.isEmpty, "\(refused.map(\.message))")
    }

    /// One rule value replayed on several threads at once (these tests run in parallel):
    /// each thread has its own fields, so no delegate sees another thread's text.
    @Test func oneRuleOnManyThreadsKeepsItsFieldsApart() async throws {
        let outcomes = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try FuzzCampaign(
                        rule: Self.rule, contract: RuleContract(promise: "an amount"), iterations: 150,
                        keyboard: .decimalPad, region: "en-US"
                    ).failures.map(\.message)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outcomes).count == 1)
    }

    @Test func anUnknownRegionIsAnError() {
        #expect(throws: HarnessFailure.self) {
            try FuzzCampaign(rule: Self.rule, iterations: 1, keyboard: .numberPad, region: "xx-YY")
        }
    }
}
