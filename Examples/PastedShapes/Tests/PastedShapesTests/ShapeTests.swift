import Foundation
import IMEHarness
import Testing

/// Issue 41: each of the eighteen snippets, pasted by scripts/ime-paste, compiles (this target builds) and
/// is judged as its hand-adapted version is: the same discrepancies (kind, session, event,
/// profiles, message), the same property failures and the same final texts, over the whole
/// bundled corpus under both default profiles.
@Suite struct ShapeTests {
    static let shapes: [(pasted: any InputRule, hand: any InputRule)] = [
        (TextFieldRule.limitDelegate(), HandAdapted.limitDelegate),
        (TextFieldRule.nicknameViewController(), HandAdapted.nicknameViewController),
        (TextFieldRule.signUpViewController(), HandAdapted.signUpViewController),
        (TextFieldRule.commentViewController(), HandAdapted.commentViewController),
        (TextFieldRule.titleViewController(), HandAdapted.titleViewController),
        (TextFieldRule.amountViewController(), HandAdapted.amountViewController),
        (TextFieldRule.bioViewController(), HandAdapted.bioViewController),
        (TextFieldRule.cityViewController(), HandAdapted.cityViewController),
        (TextViewRule.feedbackViewController(), HandAdapted.feedbackViewController),
        (TextViewRule.noteDelegate(), HandAdapted.noteDelegate),
        (TextFieldRule.phoneFieldDelegate(), HandAdapted.phoneFieldDelegate),
        (TextFieldRule.chineseNameDelegate(), HandAdapted.chineseNameDelegate),
        (TextFieldRule.codeDelegate(), HandAdapted.codeDelegate),
        (TextFieldRule.tagViewController(), HandAdapted.tagViewController),
        (TextFieldRule.searchDelegate(), HandAdapted.searchDelegate),
        (TextFieldRule.modernLimitDelegate(), HandAdapted.modernLimitDelegate),
        (SwiftUIViewRule.usernameField(), HandAdapted.usernameField),
        (SwiftUIViewRule.amountForm(), HandAdapted.amountForm),
    ]

    /// What a replay judged, in words that do not depend on how the rule was written.
    static func judgement(_ rule: some InputRule) throws -> [String] {
        let run = try CorpusReplay(rule: rule)
        return run.discrepancies.map(\.description) + run.propertyFailures.map { "\($0) [\($0.rootCause)]" }
            + run.finalTexts.map(\.visibleDescription)
    }

    @Test(arguments: 0..<18) func pastedIsJudgedAsHandAdapted(_ index: Int) throws {
        let (pasted, hand) = Self.shapes[index]
        #expect(pasted.spec == hand.spec)
        let pastedJudgement = try Self.judgement(pasted)
        let handJudgement = try Self.judgement(hand)
        #expect(pastedJudgement.count == handJudgement.count, "\(pasted.spec)")
        for (a, b) in zip(pastedJudgement, handJudgement) where a != b {
            Issue.record("\(pasted.spec): pasted says\n  \(a)\nhand-adapted says\n  \(b)")
            break
        }
    }

    /// Not a vacuous comparison: most shapes are buggy, and the harness says so.
    @Test func mostShapesHaveFindings() throws {
        var withFindings = 0
        for (pasted, _) in Self.shapes {
            let run = try CorpusReplay(rule: pasted)
            if run.discrepancies.contains(where: { $0.why != nil }) || !run.propertyFailures.isEmpty { withFindings += 1 }
        }
        #expect(withFindings >= 13, "\(withFindings) of 18 shapes have findings")
    }
}
