import Graphemes
import Testing

@testable import HarnessJSON

@Suite struct JSONParserTests {
    @Test func keepsEscapedLoneSurrogates() throws {
        let value = try JSONParser.parse(#"{"text": "a\ud83db", "pair": "\ud83d\ude00"}"#)
        #expect(value["text"] == .string(UTF16Text(units: [0x61, 0xD83D, 0x62])))
        #expect(value["pair"] == .string("😀"))
        #expect(JSONValue.string(UTF16Text(units: [0xD83D])).rendered() == #""\ud83d""#)
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try JSONParser.parse(" [true, false, null, 0, -12, 3.5, 1e3, \"é\\n\\t\\\"\\\\\\/\", {}, []] ")
        #expect(
            value
                == .array([
                    .bool(true), .bool(false), .null, .int(0), .int(-12), .double(3.5), .double(1000),
                    .string("é\n\t\"\\/"),
                    .object([]), .array([]),
                ]))
    }

    @Test func keepsMemberOrderAndRoundTrips() throws {
        let text = #"{"b":1,"a":[1,2],"c":{"z":"中"}}"#
        let value = try JSONParser.parse(text)
        #expect(value.rendered(pretty: false) == text)
    }

    @Test func keepsIntegersTooLargeForInt() throws {
        #expect(try JSONParser.parse("99999999999999999999") == .bigInteger("99999999999999999999"))
        #expect(try JSONParser.parse("-9223372036854775808") == .int(Int.min))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var expected: String
        var testDescription: String { text.debugDescription }
    }

    static let badCases: [BadCase] = [
        .init(text: "", line: 1, column: 1, expected: "a value"),
        .init(text: "{\"a\": 1,}", line: 1, column: 9, expected: "a string key"),
        .init(text: "[1 2]", line: 1, column: 4, expected: "',' or ']'"),
        .init(text: "{\n  \"a\": tru\n}", line: 2, column: 8, expected: "'true'"),
        .init(text: "{\"a\": 1, \"a\": 2}", line: 1, column: 10, expected: "no duplicate key, found 'a' again"),
        .init(text: "\"abc", line: 1, column: 5, expected: "'\"' to close the string"),
        .init(text: "\"\\x\"", line: 1, column: 3, expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        .init(text: "\"\\u12G4\"", line: 1, column: 6, expected: "four hex digits after \\u"),
        .init(text: "01", line: 1, column: 2, expected: "the end of the document"),
        .init(text: "-", line: 1, column: 2, expected: "a digit"),
        .init(text: "1.", line: 1, column: 3, expected: "a digit after '.'"),
        .init(text: "[1] x", line: 1, column: 5, expected: "the end of the document"),
        .init(text: "\"a\u{1}\"", line: 1, column: 3, expected: "no control character inside a string (escape it)"),
    ]

    @Test(arguments: badCases)
    func reportsLineAndColumn(_ testCase: BadCase) {
        #expect(throws: JSONSyntaxError(line: testCase.line, column: testCase.column, expected: testCase.expected)) {
            try JSONParser.parse(testCase.text)
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError(line: 1, column: 3, expected: "valid UTF-8")) {
            try JSONParser.parse([0x22, 0x61, 0xC3, 0x28, 0x22])
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 2, expected: "valid UTF-8")) {
            try JSONParser.parse([0x22, 0xED, 0xA0, 0x80, 0x22])  // an encoded surrogate (CESU) is not UTF-8
        }
    }

    @Test func rejectsNestingTooDeep() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
    }
}
