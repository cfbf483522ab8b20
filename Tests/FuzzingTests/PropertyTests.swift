import Composition
import Fuzzing
import Graphemes
import Testing

/// Each property, on sessions where it must and must not fail.
@Suite struct PropertyTests {
    func properties(_ spec: String, _ events: [SessionEvent]) throws -> [String] {
        try Fixtures.fuzzer(spec).failures(events).map(\.property.rawValue)
    }

    @Test func typedTextLostWhenALimitRefusesACommitThatFits() throws {
        let events = try Fixtures.pinyin(after: "你好吗", "zhong", commit: "中")
        #expect(try properties("legacy-input-filter:max-length=4", events).contains("typed-text-lost"))
        #expect(try properties("max-length:limit=4,unit=utf16", events) == [])
    }

    @Test func typedTextLostWhenIOS26CountsTheMarkedDigitsTwice() throws {
        let events: [SessionEvent] = [
            .insertText("1234567890123456789"), .setMarkedText("１", selectedRange: .caret(at: 1)), .insertText("１"),
        ]
        let found = try Fixtures.fuzzer("legacy-count-limit:limit=20").failures(events)
        let lost = try #require(found.first { $0.property == .typedTextLost })
        #expect(lost.profile == "ios26-multi")
        #expect(lost.event == 2)
    }

    /// A ZWJ or a skin tone after a digit or letter is no keyboard's output: refusing it
    /// loses nothing (the count limiter refuses both, seed 0's first failures before this
    /// rule was made). Inside an emoji sequence they are typed text, and refusing that is a
    /// loss.
    @Test(arguments: [
        ("２\u{200D}", false), ("a\u{200D}", false), ("0🏼", false), ("5\u{20E3}", false), ("３\u{180C}", false),
        ("👩\u{200D}💻", true), ("👍🏼", true), ("5\u{FE0F}\u{20E3}", true),
    ])
    func aStrayJoinerIsNotTypedText(_ text: String, _ owed: Bool) throws {
        struct RefusesJoiners: InputRule {
            var spec: String { "test-refuses-joiners-and-skin-tones" }
            func shouldChange(_ request: ChangeRequest) -> Bool {
                !String(decoding: request.call.replacement.units, as: UTF16.self).unicodeScalars.dropFirst().contains {
                    $0 == "\u{200D}" || $0.properties.isEmojiModifier || $0.properties.isVariationSelector
                        || $0 == "\u{20E3}"
                }
            }
        }
        let fuzzer = try Fuzzer(rule: RefusesJoiners(), profiles: Fixtures.profiles, inventory: Fixtures.inventory)
        let lost = fuzzer.failures([.insertText(UTF16Text(text))]).contains { $0.property == .typedTextLost }
        #expect(lost == owed)
    }
}
