import Graphemes
import Testing

@testable import HarnessJSON

@Suite struct JSONNodeTests {
    @Test func namesThePathOfAMismatch() throws {
        let node = JSONNode(try JSONParser.parse(#"{"events": [{"range": [1, -2]}]}"#))
        let range = try node.member("events").elements()[0].member("range")
        #expect(
            throws: JSONDecodingError(
                path: JSONPath([.key("events"), .index(0), .key("range"), .index(1)]), expected: "a length ≥ 0",
                found: "-2")
        ) {
            try range.range()
        }
        #expect(range.path.description == "$.events[0].range")
        #expect(range.path.index(after: "events") == 0)
    }

    @Test func reportsMissingAndUnknownMembers() throws {
        let node = JSONNode(try JSONParser.parse(#"{"a": 1, "b": "x"}"#))
        #expect(throws: JSONDecodingError(path: JSONPath([.key("c")]), expected: "a value", found: "nothing")) {
            try node.member("c")
        }
        #expect(
            throws: JSONDecodingError(
                path: JSONPath([.key("b")]), expected: "one of the members a", found: "unknown member 'b'")
        ) {
            try node.rejectUnknownMembers(["a"])
        }
        #expect(throws: JSONDecodingError(path: JSONPath([.key("b")]), expected: "an integer", found: "\"x\"")) {
            try node.member("b").int()
        }
    }

    @Test func rejectsOverflowingIntegers() throws {
        let node = JSONNode(try JSONParser.parse("[99999999999999999999, 1]"))
        #expect(throws: JSONDecodingError.self) { try node.range() }
        let overflowingEnd = JSONNode(try JSONParser.parse("[9223372036854775807, 1]"))
        #expect(
            throws: JSONDecodingError(
                path: .root, expected: "a range whose end fits in an integer", found: "[9223372036854775807,1]")
        ) {
            try overflowingEnd.range()
        }
    }
}
