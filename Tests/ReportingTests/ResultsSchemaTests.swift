import Foundation
import HarnessJSON
import HarnessTestSupport
import Testing

@testable import Reporting

/// The results schemas (`Corpora/ime-*-results.schema.json`) list the kinds each run
/// writes: the same as the code's, in the same order, so that a kind added to the code
/// cannot leave the schema behind. (CI validates real results against the schemas:
/// `scripts/validate-results`.)
@Suite struct ResultsSchemaTests {
    static let schemas: [(file: String, definition: String, family: FindingKind.Family)] = [
        ("ime-replay-results", "kind", .replay), ("ime-fuzz-results", "property", .fuzz),
        ("ime-keyboard-results", "invariant", .keyboard), ("ime-keyboard-fuzz-results", "invariant", .keyboard),
    ]

    @Test(arguments: schemas)
    func schemaListsTheKindsOfItsRun(_ schema: (file: String, definition: String, family: FindingKind.Family)) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Corpora/\(schema.file).schema.json")))
        let node = JSONNode(try JSONParser.parse(Array(bytes)))
        let listed = try node.member("$defs").member(schema.definition).member("enum").elements().map {
            element throws(JSONDecodingError) in try element.string()
        }
        #expect(listed == FindingKind.all(schema.family).map(\.name))
    }

    /// Fuzz results have one shape; the replay-shaped one that `report --format json`
    /// wrote for them before 0.3.0 is refused with what to do instead.
    @Test func fuzzResultsInTheReplayShapeAreRefused() throws {
        let old = #"{"summary": {"run": "fuzz"}, "sessions": [], "errors": []}"#
        #expect(throws: JSONDecodingError.self) {
            _ = try Report(json: JSONNode(JSONParser.parse(Array(old.utf8))))
        }
        do {
            _ = try Report(json: JSONNode(JSONParser.parse(Array(old.utf8))))
        } catch let error as JSONDecodingError {
            #expect(error.description.hasPrefix("$.summary.run: expected \"replay\" (fuzz results are read as"))
        }
    }

    /// A fuzz report's JSON is the campaign's own: reading it and writing it again gives
    /// the same bytes.
    @Test func aFuzzReportWritesTheCampaignsShape() throws {
        let result = try Fixtures.fuzzResult()
        let written = Report(fuzz: result, profiles: Fixtures.profiles.map(\.name)).json.rendered()
        #expect(written == result.json.rendered())
        let read = try Report(json: JSONNode(JSONParser.parse(Array(written.utf8))))
        #expect(read.json.rendered() == written)
    }
}
