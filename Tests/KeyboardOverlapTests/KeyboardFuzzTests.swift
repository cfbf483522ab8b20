import Composition
import Foundation
import Fuzzing
import HarnessJSON
import HarnessTestSupport
import Testing

@testable import KeyboardOverlap

/// Fuzzing finds each seed handler's documented failure, minimised; the correct handlers
/// pass; campaigns are deterministic and shard and merge like text campaigns.
@Suite struct KeyboardFuzzTests {
    /// Each seed handler's documented weakness, as the invariant it breaks and where.
    static let documented: [(handler: any KeyboardHandler, invariant: KeyboardInvariant, profiles: [String])] = [
        // Begin-frame height, keyboardWillShow only: a keyboard that grows covers the field.
        (Seed000WindowHandler(), .fieldCovered, ["iphone-show-repeats", "iphone-frame-only", "iphone-ios11-emoji"]),
        // The end frame taken in the window's coordinates, no docking check: content lifted
        // for a floating keyboard or one below a Stage Manager window.
        (Seed001ConstraintHandler(), .movedWithoutOverlap, ["ipad-multitasking"]),
        // keyboardWillShow only: a keyboard that grows with a frame change alone covers the field.
        (Seed002ScrollInsetHandler(), .fieldCovered, ["iphone-frame-only"]),
    ]

    @Test(arguments: 0..<documented.count)
    func fuzzingFindsEachSeedHandlersDocumentedFailure(_ index: Int) throws {
        let (handler, invariant, profiles) = Self.documented[index]
        let fuzzer = KeyboardFuzzer(handler: handler, profiles: KeyboardFixtures.profiles)
        let result = fuzzer.run(seed: 0, iterations: 2000, seconds: nil)
        let failure = try #require(
            result.failures.first { $0.invariant == invariant && profiles.contains($0.profile) },
            "\(handler.name): no \(invariant.rawValue) in 2000 sessions")
        #expect(failure.session.events.count <= 6, "minimised to \(failure.session.events.count) events")
        #expect(failure.session.source.kind == .fuzz)
        // The saved session brings the same failure back.
        let again = try KeyboardSession(json: JSONNode(JSONParser.parse(failure.session.document)))
        #expect(fuzzer.fails(again, invariant: invariant, profile: failure.profile))
    }

    @Test(arguments: [DocumentedOverlapHandler() as any KeyboardHandler, KeyboardLayoutGuideHandler()])
    func theCorrectHandlersSurviveFuzzing(_ handler: any KeyboardHandler) {
        let result = KeyboardFuzzer(handler: handler, profiles: KeyboardFixtures.profiles).run(
            seed: 1, iterations: 1500, seconds: nil)
        #expect(result.iterations == 1500)
        for failure in result.failures {
            Issue.record("\(handler.name): \(failure.invariant) \(failure.profile): \(failure.message)")
        }
    }

    @Test func campaignsAreDeterministicAndShardsMergeToTheWholeRun() throws {
        let fuzzer = KeyboardFuzzer(handler: Seed001ConstraintHandler(), profiles: KeyboardFixtures.profiles)
        let whole = fuzzer.run(seed: 5, iterations: 600, seconds: nil)
        var again = fuzzer.run(seed: 5, iterations: 600, seconds: nil)
        again.seconds = whole.seconds
        #expect(again == whole)
        let first = fuzzer.run(seed: 5, iterations: 600, seconds: nil, shard: Shard(1, of: 2))
        let second = fuzzer.run(seed: 5, iterations: 600, seconds: nil, shard: Shard(2, of: 2))
        let merged = try KeyboardFuzzResult.merging([second, first])
        #expect(merged.iterations == 600)
        #expect(merged.shards == [Shard(1, of: 2), Shard(2, of: 2)])
        #expect(merged.failures == whole.failures)
        // JSON round trip, as `merge` reads shards' files.
        let read = try KeyboardFuzzResult(json: JSONNode(JSONParser.parse(merged.json.rendered())))
        #expect(read == merged)
        #expect(throws: MergeError.self) { try KeyboardFuzzResult.merging([first, first]) }
    }

    @Test func generatedSessionsAreValidDocuments() throws {
        let fuzzer = KeyboardFuzzer(handler: DocumentedOverlapHandler(), profiles: KeyboardFixtures.profiles)
        for iteration in 0..<200 {
            let session = fuzzer.session(seed: 3, iteration: iteration)
            let read = try KeyboardSession(json: JSONNode(JSONParser.parse(session.document)))
            #expect(read == session)
            #expect(session.events.count >= 1 && session.events.count <= 12)
        }
    }
}
