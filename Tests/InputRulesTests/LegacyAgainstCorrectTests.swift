import Composition
import Graphemes
import InputRules
import Testing

/// The session each legacy rule fails, replayed with the correct rule for the same job.
@Suite struct LegacyAgainstCorrectTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        /// Builds the session when the test runs, so that a bad fixture fails that test.
        var session: @Sendable () throws -> Session
        var legacy: String
        var correct: String
        var expected: String
        var testDescription: String { "\(legacy) → \(correct)" }

        init(
            session: @autoclosure @escaping @Sendable () throws -> Session, legacy: String, correct: String,
            expected: String
        ) {
            self.session = session
            self.legacy = legacy
            self.correct = correct
            self.expected = expected
        }
    }

    static let pairs: [Pair] = [
        Pair(
            session: try Fixtures.pinyin("你好吗|", "zhong", commit: "中"), legacy: "legacy-input-filter:max-length=4",
            correct: "max-length:limit=4,unit=utf16", expected: "你好吗中"),
        Pair(
            session: try Fixtures.pinyin("|", "zhongwenshurufa", commit: "中文输入法"),
            legacy: "legacy-marked-guard-limit:limit=4", correct: "max-length:limit=4,unit=utf16", expected: "中文输入"),
        Pair(
            session: try Fixtures.pinyin("|", "shang", commit: "上"), legacy: "legacy-truncate-count:limit=3",
            correct: "max-length:limit=3", expected: "上"),
        Pair(
            session: try Fixtures.session("ab|", [.insertText("👍")]), legacy: "legacy-truncate-marked-aware:limit=3",
            correct: "max-length:limit=3,unit=utf16", expected: "ab"),
        Pair(
            session: try Fixtures.session("12|34", [.insertText("a")]), legacy: "legacy-numeric-field",
            correct: "decimal", expected: "1234"),
        Pair(
            session: try Fixtures.session("12|", [.insertText("𝟕")]), legacy: "legacy-lxd-number",
            correct: "allow:classes=digit", expected: "12𝟕"),
        Pair(
            session: try Fixtures.session("|", [.insertText("１２３٤٥"), .insertText("6")]),
            legacy: "legacy-count-limit:limit=20", correct: "decimal", expected: "1236"),
        Pair(
            session: try Fixtures.session("|", [.insertText("中㐀\u{F900}𠀀ㄅa")]), legacy: "legacy-lxd-character",
            correct: "deny:classes=han", expected: "ㄅa"),
        Pair(
            session: try Fixtures.session("|", [.insertText("👩🏽‍💻"), .insertText("x")]), legacy: "legacy-lxd-emoji",
            correct: "emoji-only", expected: "👩🏽‍💻"),
        Pair(
            session: try Fixtures.session("|", [.insertText("😀"), .insertText("✓")]), legacy: "legacy-lxd-no-emoji",
            correct: "deny:classes=emoji", expected: "✓"),
    ]

    @Test(arguments: pairs)
    func theCorrectRulePassesWhereTheLegacyOneFails(_ pair: Pair) throws {
        let session = try pair.session()
        let legacy = try Fixtures.replay(session, pair.legacy)
        let correct = try Fixtures.replay(session, pair.correct)
        #expect(!legacy.endsEverywhere(with: pair.expected) || !legacy.findings.isEmpty)
        #expect(correct.endsEverywhere(with: pair.expected), "\(correct.finalText)")
        let forbidden = correct.findings.filter { CorrectRuleTests.forbidden.contains($0.kind) }
        #expect(forbidden.isEmpty, "\(forbidden.map(\.message))")
    }
}
