import Foundation
import HarnessTestSupport
import IMEHarness
import Testing

/// The numbers the documentation quotes, worked out again by what the documentation says
/// produces them: a number that goes stale fails here, with the figure it should say.
/// (`Reports/corpus.md` and `Reports/rules.md` are compared whole by their own tests.)
@Suite struct DocumentedNumbersTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: Repository.path(path), encoding: .utf8)
    }

    /// The shipped corpus: how many sessions, how many recorded from real engines, how
    /// many written from documented behaviour (`find Corpora/sessions -name '*.json'`).
    @Test func theCorpusIsCountedRight() throws {
        let sessions = try Corpus.bundled.load()
        let recorded = sessions.filter { $0.source.kind == .engine }.count
        let claims: [(String, String)] = [
            ("README.md", "replaying the \(sessions.count) shipped sessions"),
            ("README.md", "(\(sessions.count - recorded) written from documented behaviour, \(recorded) recorded"),
            ("Corpora/README.md", "\(sessions.count) input-method sessions"),
            ("Corpora/README.md", "and \(recorded) recorded from real engines"),
            ("Sources/IMEHarness/Corpus.swift", "The \(sessions.count) sessions this package ships"),
            (
                "Sources/IMEHarness/IMEHarness.docc/GettingStarted.md",
                "(\(sessions.count) sessions, \(recorded) of them recorded"
            ),
        ]
        for (file, claim) in claims {
            #expect(try Self.text(file).contains(claim), "\(file) should say \"\(claim)\"")
        }
    }

    /// README's headline: the seed-004 filter with a limit of 10
    /// (`legacy-input-filter:max-length=10`) interrupts compositions so many times on the
    /// Rime recordings, so many of them Pinyin (`ime-harness replay
    /// Corpora/sessions/recorded/rime --rule legacy-input-filter:max-length=10`).
    @Test func theReadmesInterruptedCompositionsAreCountedRight() throws {
        let replay = try CorpusReplay(
            rule: try Rules.named("legacy-input-filter:max-length=10"),
            corpus: .files(Repository.path("Corpora/sessions/recorded/rime")))
        let interrupted = replay.discrepancies.filter { $0.kind == .compositionInterrupted }
        let pinyin = interrupted.filter { $0.session.hasPrefix("rime-pinyin") }.count
        let claim = "interrupts compositions \(interrupted.count) times (\(pinyin) of them in Pinyin)"
        #expect(try Self.text("README.md").contains(claim), "README.md should say \"\(claim)\"")
    }

    /// The delegate of the getting-started article, as it is written there.
    final class LimitDelegate: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            let text = (textField.text ?? "") as NSString
            let updated = text.replacingCharacters(in: range, with: string)
            guard updated.count > 10 else { return true }
            textField.text = String(updated.prefix(10))  // "insert what fits"
            return false
        }
    }

    /// The getting-started article shows what `noDiscrepancies` says of its example rule:
    /// the first line of that message is what the replay says today.
    @Test func theGettingStartedReplayIsWhatTheReplaySays() throws {
        let myLimit = TextFieldRule("my-limit-10", contract: .maxLength(10)) { field in
            let delegate = LimitDelegate()
            field.delegate = delegate
            field.retained.append(delegate)
            field.addAction(UIAction { _ in }, for: .editingChanged)
        }
        var headline = "(it passed)"
        do {
            try HarnessAssert.noDiscrepancies(rule: myLimit)
        } catch {
            headline = String(error.description.prefix { $0 != "\n" })
        }
        let article = try Self.text("Sources/IMEHarness/IMEHarness.docc/GettingStarted.md")
        #expect(article.contains(headline + "\n"), "GettingStarted.md should show \"\(headline)\"")
    }
}
