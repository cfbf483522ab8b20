import Foundation
import Graphemes
import HarnessJSON
import Testing

@testable import Composition

@Suite struct RuleSpecTests {
    @Test func parsesNamesAndParameters() throws {
        let spec = try RuleSpec(parsing: "max-length:limit=20,unit=graphemes")
        #expect(spec.name == "max-length")
        #expect(spec.value("limit") == "20")
        #expect(spec.description == "max-length:limit=20,unit=graphemes")
    }

    @Test(arguments: [
        ("decimal:separator=,", [("separator", ",")]),
        (#"regex:pattern=^[a-z, ]*$,flags=x"#, [("pattern", "^[a-z, ]*$"), ("flags", "x")]),
        (#"regex:pattern=\d{0,6}"#, [("pattern", #"\d{0,6}"#)]),
        ("legacy-input-filter:max-length=4,regex=a,,b", [("max-length", "4"), ("regex", "a,,b")]),
    ])
    func commasSplitOnlyBeforeAKey(_ text: String, _ expected: [(String, String)]) throws {
        let spec = try RuleSpec(parsing: text)
        #expect(spec.parameters.map(\.key) == expected.map(\.0))
        #expect(spec.parameters.map(\.value) == expected.map(\.1))
        #expect(spec.description == text)
    }

    @Test(arguments: [
        ("", "rule '': expected a rule name of letters, digits and '-'"),
        ("max length", "rule 'max length': expected a rule name of letters, digits and '-'"),
        ("x:limit", "rule 'x:limit': expected key=value pairs separated by ',', found 'limit'"),
        ("x:a=1,a=2", "rule 'x:a=1,a=2': expected each key once, found 'a' twice"),
        ("nonesuch", "unknown rule 'nonesuch' (known: none)"),
        ("none:x=1", "rule 'none:x=1': unknown parameter 'x' (accepted: none)"),
    ])
    func rejectsBadSpecs(_ spec: String, _ message: String) {
        #expect {
            _ = try RuleCatalogue.standard.rule(spec)
        } throws: { error in
            (error as? RuleSpecError)?.description == message
        }
    }
}
