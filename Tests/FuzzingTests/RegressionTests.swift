import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessJSON
import InputRules
import Testing

/// Counterexamples kept in Corpora/regressions: a legacy rule's must still fail (the
/// harness keeps seeing the bug), a correct rule's must pass (the bug stays fixed).
@Suite struct RegressionTests {
    @Test func everyRegressionReplaysAsExpected() throws {
        let directory = Fixtures.root + "/Corpora/regressions"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(files.count >= 20)
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
            let session = try Session(json: JSONNode(JSONParser.parse(data)))
            let (property, spec, _) = try #require(Fuzzer.counterexample(from: session), "\(file)")
            let failures = try Fixtures.fuzzer(spec).failures(
                session.events, traits: .init(ime: session.ime, secure: session.secureTextEntry)
            ).map(\.property)
            if spec.hasPrefix("legacy-") {
                #expect(failures.contains(property), "\(file) no longer fails \(property)")
            } else {
                #expect(!failures.contains(property), "\(file) fails \(property) again")
            }
        }
    }
}
