import Testing

@testable import Graphemes

@Suite struct UTF16RangeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var range: UTF16Range
        var error: UTF16RangeError?
        var testDescription: String { "\(text.debugDescription) \(range)" }
    }

    static let cases: [Case] = [
        .init(text: "abc", range: UTF16Range(location: 0, length: 3), error: nil),
        .init(text: "abc", range: .caret(at: 3), error: nil),
        .init(text: "", range: .caret(at: 0), error: nil),
        .init(
            text: "abc", range: UTF16Range(location: 2, length: 2),
            error: .outOfBounds(UTF16Range(location: 2, length: 2), textLength: 3)),
        .init(
            text: "abc", range: UTF16Range(location: -1, length: 1),
            error: .outOfBounds(UTF16Range(location: -1, length: 1), textLength: 3)),
        .init(
            text: "abc", range: UTF16Range(location: 1, length: -1),
            error: .outOfBounds(UTF16Range(location: 1, length: -1), textLength: 3)),
        // location + length would overflow Int.
        .init(
            text: "abc", range: UTF16Range(location: 2, length: .max),
            error: .outOfBounds(UTF16Range(location: 2, length: .max), textLength: 3)),
        .init(
            text: "😀", range: UTF16Range(location: 0, length: 1),
            error: .splitsSurrogatePair(UTF16Range(location: 0, length: 1), offset: 1)),
        .init(
            text: "a😀", range: .caret(at: 2), error: .splitsSurrogatePair(.caret(at: 2), offset: 2)),
    ]

    @Test(arguments: cases)
    func validatesBoundsAndSurrogates(_ testCase: Case) {
        let text = UTF16Text(testCase.text)
        if let error = testCase.error {
            #expect(throws: error) { try testCase.range.validate(in: text) }
        } else {
            #expect(throws: Never.self) { try testCase.range.validate(in: text) }
        }
    }

    struct GraphemeCase: Sendable, CustomTestStringConvertible {
        var text: String
        var range: UTF16Range
        var splitAt: Int?
        var testDescription: String { "\(text.debugDescription) \(range)" }
    }

    static let graphemeCases: [GraphemeCase] = [
        .init(text: "👍🏽", range: UTF16Range(location: 0, length: 2), splitAt: 2),
        .init(text: "e\u{301}x", range: .caret(at: 1), splitAt: 1),
        .init(text: "🇯🇵🇺🇸", range: UTF16Range(location: 4, length: 4), splitAt: nil),
        .init(text: "🇯🇵🇺🇸", range: UTF16Range(location: 2, length: 4), splitAt: 2),
        .init(text: "ab王", range: UTF16Range(location: 2, length: 1), splitAt: nil),
    ]

    @Test(arguments: graphemeCases)
    func validatesGraphemeBoundaries(_ testCase: GraphemeCase) throws {
        let text = UTF16Text(testCase.text)
        do {
            try testCase.range.validateOnGraphemeBoundaries(in: text)
            #expect(testCase.splitAt == nil)
        } catch {
            guard case .splitsGrapheme(_, let offset, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(offset == testCase.splitAt)
        }
    }

    @Test func printsLikeNSStringFromRange() {
        #expect(UTF16Range(location: 0, length: 2).description == "{0, 2}")
        #expect(UTF16Range.caret(at: 2).description == "{2, 0}")
    }
}
