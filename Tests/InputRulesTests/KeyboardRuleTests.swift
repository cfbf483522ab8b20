import Composition
import Graphemes
import InputRules
import Testing

/// Rules against what a field's own keyboard types: the corpus's keyboard sessions.
@Suite struct KeyboardRuleTests {
    /// A pad's keys the rule refuses where the pad is for them are `key-refused`; the
    /// shipped corpus's keyboard sessions, replayed with the shipped rules.
    @Test(arguments: [
        (
            "legacy-lxd-decimal",
            [
                "keyboards-decimal-pad-comma-region", "keyboards-decimal-pad-arabic-region",
                "keyboards-number-pad-arabic-digits",
            ]
        ),
        (
            "legacy-numeric-field",
            [
                "keyboards-decimal-pad-comma-region", "keyboards-decimal-pad-arabic-region",
                "keyboards-number-pad-arabic-digits",
            ]
        ),
        (
            "decimal:separator=.",
            [
                "keyboards-decimal-pad-comma-region", "keyboards-decimal-pad-arabic-region",
                "keyboards-number-pad-arabic-digits",
            ]
        ),
        ("decimal", []),
        ("max-length:limit=3", []),
        ("emoji-only", []),
        ("regex:pattern=^[a-z]*$", []),
    ])
    func refusedKeysAreFound(_ spec: String, _ sessions: [String]) throws {
        let corpus = Fixtures.corpus.filter { $0.keyboard != nil }
        #expect(corpus.count >= 7)
        var refused: [String] = []
        for session in corpus where try Fixtures.replay(session, spec).kinds.contains(.keyRefused) {
            refused.append(session.id)
        }
        #expect(refused.sorted() == sessions.sorted())
    }
}
