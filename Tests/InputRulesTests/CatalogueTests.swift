import Composition
import Foundation
import Graphemes
import InputRules
import Testing

/// The correct rules across the whole shipped corpus, and the catalogue's specs.
@Suite struct CatalogueTests {
    /// Correct-rule specs: every shipped rule file's, and a spread of parameters.
    static let correctSpecs: [String] = {
        var specs: [String] = []
        for limit in 0...6 {
            for unit in ["graphemes", "utf16", "scalars"] {
                for enforcement in ["after-composition", "enforced"] {
                    specs.append("max-length:limit=\(limit),unit=\(unit),enforcement=\(enforcement)")
                }
            }
        }
        specs += RuleClass.all.map { "allow:classes=\($0)" } + RuleClass.all.map { "deny:classes=\($0)" }
        specs += [
            "allow:classes=han+bopomofo+hiragana+katakana+hangul", "deny:classes=emoji+emoji-component", "emoji-only",
            "decimal", "decimal:separator=,", #"regex:pattern=[a-z ,]*"#, #"regex:pattern=\d{0,4}"#,
            #"regex:pattern=[^\p{Han}]*"#,
        ]
        return specs
    }()

    @Test func correctRulesEndEveryCorpusSessionAlikeUnderEveryProfile() throws {
        let replayer = try Replayer()
        let rules = Self.correctSpecs.map(Fixtures.rule)
        var checked = 0
        for session in Fixtures.corpus {
            for result in replayer.run(session, profiles: Fixtures.profiles, rules: rules) {
                checked += 1
                let rule = try #require(rules.first { $0.spec == result.rule })
                #expect(result.agreedText != nil, "\(session.id) with \(result.rule): \(result.finalText)")
                var forbidden: [DiscrepancyKind] = [.finalTextMismatch, .verdictMismatch, .brokenText, .limitExceeded]
                if rule.contract.compositionSafe { forbidden.append(.compositionInterrupted) }
                let found = result.findings.filter { forbidden.contains($0.kind) }
                #expect(found.isEmpty, "\(session.id) with \(result.rule): \(found.map(\.message))")
            }
        }
        #expect(checked == Fixtures.corpus.count * Self.correctSpecs.count)
        #expect(Fixtures.corpus.count >= 38)
    }

    @Test func everyCorrectRuleDeclaresItsIndependence() {
        for spec in Self.correctSpecs {
            // The enforced max-length is the one exception, explained on MaxLength.
            #expect(
                Fixtures.rule(spec).contract.profileIndependent != spec.hasSuffix("enforcement=enforced"), "\(spec)")
        }
        for name in RuleCatalogue.full.names where name.hasPrefix("legacy-") {
            #expect(RuleCatalogue.full.all.first { $0.name == name }?.summary.isEmpty == false)
        }
    }

    @Test func emojiOnlyKeepsExactlyTheFullyQualifiedEmojiOfEmojiTest() throws {
        let file = try EmojiTestFile(UnicodeDataFiles())
        let rule = Fixtures.rule("emoji-only")
        var kept = 0
        var removed = 0
        for entry in file.entries {
            let typed = entry.text
            let change = FieldChange(before: FieldState(text: .empty), after: FieldState(text: typed))
            let survives = rule.editingChanged(change).map { $0.text == typed } ?? true
            #expect(survives == (entry.qualification == .fullyQualified), "line \(entry.line): \(entry.name)")
            if survives { kept += 1 } else { removed += 1 }
        }
        #expect(kept == 3655)
        #expect(removed == file.entries.count - 3655)
    }

    @Test func everyShippedRuleFileNamesACatalogueRule() throws {
        let files = try RuleFile.files(in: Fixtures.repositoryRoot + "/Corpora/rules")
        #expect(files.count >= 20)
        var names = Set<String>()
        for path in files {
            let file = try RuleFile(path: path)
            names.insert(try RuleCatalogue.full.rule(file.spec).spec.split(separator: ":")[0].description)
            #expect(file.description?.isEmpty == false, "\(path)")
        }
        // The matrix covers the whole catalogue.
        #expect(names == Set(RuleCatalogue.full.names))
    }

    @Test(arguments: [
        (#"{"format": "ime-rule/1", "rule": "regex"}"#, "rule 'regex': parameter 'pattern' is required"),
        (#"{"format": "ime-rule/2", "rule": "none"}"#, #"$.format: expected "ime-rule/1""#),
        (#"{"format": "ime-rule/1", "rule": "none", "params": {}}"#, "$.params"),
        (#"{"format": "ime-rule/1", "rule": "max-length", "parameters": {"limit": [4]}}"#, "$.parameters.limit"),
    ])
    func badRuleFilesNameThePath(_ json: String, _ fragment: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID()).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var message = ""
        do {
            let file = try RuleFile(path: path)
            _ = try RuleCatalogue.full.rule(file.spec)
        } catch {
            message = "\(error)"
        }
        #expect(message.contains(fragment), "\(message)")
        if message.hasPrefix("/") { #expect(message.hasPrefix(path)) }
    }
}
