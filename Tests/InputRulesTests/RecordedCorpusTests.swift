import Composition
import Foundation
import Graphemes
import HarnessTestSupport
import InputRules
import Testing

/// The sessions recorded from real engines (`Corpora/sessions/recorded`, written by
/// `Tools/ime-recorder`), replayed with the whole rule catalogue.
@Suite struct RecordedCorpusTests {
    static let recorded: [Session] = {
        let (sessions, errors) = Repository.sessions(in: "Corpora/sessions/recorded")
        precondition(errors.isEmpty, "\(errors)")
        return sessions
    }()

    static func sessions(engine: String, schema: String? = nil) -> [Session] {
        recorded.filter { session in
            session.source.recording?.engine == engine && schema.map { session.source.recording?.schema == $0 } ?? true
        }
    }

    @Test func theCorpusCoversEveryEngineAndFamily() {
        #expect(Self.recorded.allSatisfy { $0.source.kind == .engine && $0.source.recording != nil })
        let pinyin = Self.recorded.filter { $0.ime == .pinyin }
        let zhuyin = Self.recorded.filter { $0.ime == .zhuyin }
        #expect(pinyin.count >= 30)
        #expect(zhuyin.count >= 30)
        #expect(Self.sessions(engine: "rime", schema: "bopomofo").count >= 10)
        #expect(Self.sessions(engine: "chewing").count >= 10)
        #expect(Self.sessions(engine: "libhangul").count >= 10)
        #expect(Self.sessions(engine: "anthy").count >= 10)
    }

    /// Zhuyin 王 (j ; 6) shows ㄨ, ㄨㄤ, ㄨㄤˊ before the commit in Rime, and Chewing puts
    /// 王 in its buffer at the tone key.
    @Test func zhuyinWangShowsEachBopomofoBeforeTheCommit() throws {
        let rime = try #require(Self.recorded.first { $0.id == "rime-zhuyin-wang" })
        let marked = rime.events.compactMap { event -> String? in
            guard case .setMarkedText(let text, _) = event else { return nil }
            return String(validating: text.units, as: UTF16.self)
        }
        #expect(marked == ["ㄨ", "ㄨㄤ", "ㄨㄤˊ", "王"])
        #expect(rime.events.last == .unmarkText)
        #expect(rime.source.recording?.keys == "j;6{space}{Return}")
        let chewing = try #require(Self.recorded.first { $0.id == "chewing-wang" })
        #expect(
            chewing.events.prefix(3) == [
                .setMarkedText("ㄨ", selectedRange: .caret(at: 1)), .setMarkedText("ㄨㄤ", selectedRange: .caret(at: 2)),
                .setMarkedText("王", selectedRange: .caret(at: 1)),
            ])
    }

    /// One key can commit a syllable and start the next (한 then ㄱ), and a mixed preedit
    /// (我爱bei jing) is what Rime shows after a shorter candidate.
    @Test func enginesShapeTheirEvents() throws {
        let hangul = try #require(Self.recorded.first { $0.id == "libhangul-hangeul" })
        let commit = try #require(hangul.events.firstIndex(of: .insertText("한")))
        #expect(hangul.events[commit + 1] == .setMarkedText("ㄱ", selectedRange: .caret(at: 1)))
        let partial = try #require(Self.recorded.first { $0.id == "rime-pinyin-woaibeijing-partial" })
        #expect(partial.events.contains(.setMarkedText("我爱bei jing", selectedRange: .caret(at: 10))))
    }

    /// With no rule, every profile ends with the text the engine produced, and nothing
    /// but the iOS 26 commit ranges disagrees.
    @Test func withoutARuleEveryProfileEndsWithTheRecordedText() throws {
        let replayer = try Replayer()
        for session in Self.recorded {
            let result = try #require(
                replayer.run(session, profiles: Fixtures.profiles, rules: [Fixtures.rule("none")]).first)
            #expect(result.finalText.allSatisfy { $0.value == session.expectedText }, "\(session.id)")
            let kinds = Set(result.findings.map(\.kind))
            #expect(kinds.isSubset(of: [.proposedTextMismatch, .lengthMismatch]), "\(session.id): \(kinds)")
        }
    }

    /// The issue's acceptance check: the legacy filter (seed 004) with a limit of 10
    /// interrupts the recorded Pinyin compositions; the correct max-length rule does not,
    /// and never lets the committed text exceed the limit.
    @Test func legacyFilterBreaksRecordedPinyinAndMaxLengthDoesNot() throws {
        let pinyin = Self.recorded.filter { $0.ime == .pinyin }
        let replayer = try Replayer()
        let rules = [Fixtures.rule("legacy-input-filter:max-length=10"), Fixtures.rule("max-length:limit=10")]
        var interrupted: [String: Int] = [:]
        var failures: [String: [DiscrepancyKind]] = [:]
        for session in pinyin {
            for result in replayer.run(session, profiles: Fixtures.profiles, rules: rules) {
                for discrepancy in result.findings {
                    if discrepancy.kind == .compositionInterrupted { interrupted[result.rule, default: 0] += 1 }
                    if ![.proposedTextMismatch, .lengthMismatch].contains(discrepancy.kind) {
                        failures[result.rule, default: []].append(discrepancy.kind)
                    }
                }
            }
        }
        #expect((interrupted["legacy-input-filter:max-length=10"] ?? 0) > 100)
        #expect(failures["max-length:limit=10"] == nil, "\(failures["max-length:limit=10"] ?? [])")
    }

    /// Every shipped rule file over the recorded corpus: the correct rules that promise
    /// composition safety never interrupt a real engine's composition, break text or
    /// end differently per profile.
    @Test func correctRulesKeepRealCompositionsWhole() throws {
        let replayer = try Replayer()
        let files = try RuleFile.files(in: Repository.path("Corpora/rules"))
        let rules = try files.map { try RuleCatalogue.full.rule(RuleFile(path: $0).spec) }
        let safe = rules.filter { $0.contract.compositionSafe && $0.contract.profileIndependent }
        #expect(safe.count >= 6)
        for session in Self.recorded {
            for result in replayer.run(session, profiles: Fixtures.profiles, rules: safe) {
                let bad = result.findings.filter {
                    [.compositionInterrupted, .brokenText, .finalTextMismatch, .verdictMismatch, .limitExceeded]
                        .contains($0.kind)
                }
                #expect(bad.isEmpty, "\(session.id) with \(result.rule): \(bad.map(\.message))")
            }
        }
    }
}
