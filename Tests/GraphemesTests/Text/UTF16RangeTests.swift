import Testing

@testable import Graphemes

@Suite struct UTF16RangeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var range: UTF16Range
        var problem: RangeProblem?
        var testDescription: String { "\(text.debugDescription) \(range)" }
    }

    static let cases: [Case] = [
        .init(text: "abc", range: UTF16Range(location: 0, length: 3), problem: nil),
        .init(text: "abc", range: .caret(at: 3), problem: nil),
        .init(text: "", range: .caret(at: 0), problem: nil),
        .init(
            text: "abc", range: UTF16Range(location: 2, length: 2),
            problem: .outOfBounds(UTF16Range(location: 2, length: 2), textLength: 3)),
        .init(
            text: "abc", range: UTF16Range(location: -1, length: 1),
            problem: .outOfBounds(UTF16Range(location: -1, length: 1), textLength: 3)),
        .init(
            text: "abc", range: UTF16Range(location: 1, length: -1),
            problem: .outOfBounds(UTF16Range(location: 1, length: -1), textLength: 3)),
        // location + length would overflow Int.
        .init(
            text: "abc", range: UTF16Range(location: 2, length: .max),
            problem: .outOfBounds(UTF16Range(location: 2, length: .max), textLength: 3)),
        .init(
            text: "😀", range: UTF16Range(location: 0, length: 1),
            problem: .splitsSurrogate(UTF16Range(location: 0, length: 1), offset: 1)),
        .init(text: "a😀", range: .caret(at: 2), problem: .splitsSurrogate(.caret(at: 2), offset: 2)),
        // Grapheme clusters (UAX #29): a skin tone, a combining mark, regional indicators.
        .init(
            text: "👍🏽", range: UTF16Range(location: 0, length: 2),
            problem: .splitsGrapheme(UTF16Range(location: 0, length: 2), offset: 2)),
        .init(text: "e\u{301}x", range: .caret(at: 1), problem: .splitsGrapheme(.caret(at: 1), offset: 1)),
        .init(text: "🇯🇵🇺🇸", range: UTF16Range(location: 4, length: 4), problem: nil),
        .init(
            text: "🇯🇵🇺🇸", range: UTF16Range(location: 2, length: 4),
            problem: .splitsGrapheme(UTF16Range(location: 2, length: 4), offset: 2)),
        .init(text: "ab王", range: UTF16Range(location: 2, length: 1), problem: nil),
    ]

    @Test(arguments: cases)
    func validatesBoundsSurrogatesAndClusters(_ testCase: Case) {
        let text = UTF16Text(testCase.text)
        if let problem = testCase.problem {
            #expect(throws: problem) { try testCase.range.validate(in: text) }
        } else {
            #expect(throws: Never.self) { try testCase.range.validate(in: text) }
        }
    }

    /// A range with both ends inside clusters reports both, in order.
    @Test func reportsEveryEnd() {
        let text = UTF16Text("👍🏽👍🏽")
        let range = UTF16Range(location: 2, length: 4)
        let problems = range.problems(in: text) { ![2, 6].contains($0) }
        #expect(problems == [.splitsGrapheme(range, offset: 2), .splitsGrapheme(range, offset: 6)])
        #expect(
            UTF16Range(location: 1, length: 2).problems(in: text) { _ in true }.map(\.description) == [
                "{1, 2} splits a surrogate pair at 1", "{1, 2} splits a surrogate pair at 3",
            ])
    }

    @Test func printsLikeNSStringFromRange() {
        #expect(UTF16Range(location: 0, length: 2).description == "{0, 2}")
        #expect(UTF16Range.caret(at: 2).description == "{2, 0}")
    }
}
