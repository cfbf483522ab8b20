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
}
