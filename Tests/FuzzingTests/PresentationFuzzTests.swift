import Composition
import Graphemes
import HarnessTestSupport
import InputRules
import Testing

@testable import Fuzzing

/// The fuzzer draws what the profiles present their own way: Korean on the shipped iOS
/// profiles reaches the field as last-syllable edits.
@Suite struct PresentationFuzzTests {
    @Test func aQuarterOfTheSessionsTypeAPresentedFamilyAlone() throws {
        let fuzzer = try Fixtures.fuzzer("none")
        #expect(fuzzer.presented == [.hangul])
        let families = (0..<400).map { fuzzer.family(seed: 3, iteration: $0) }
        let hangul = families.filter { $0 == .hangul }.count
        #expect((70...130).contains(hangul), "\(hangul)")
        #expect(families.allSatisfy { $0 == .hangul || $0 == .other })
        // Those sessions are Korean compositions only: no other input method's marked text.
        for iteration in 0..<400 where families[iteration] == .hangul {
            for case .setMarkedText(let text, _) in fuzzer.events(seed: 3, iteration: iteration) {
                #expect(
                    text.clusters.allSatisfy { [.hangul, .other].contains($0.classification.clusterClass) }, "\(text)")
            }
        }
    }

    @Test func aMarkedTextProfileDrawsNoFamily() throws {
        let reference = try ProfileStore(directory: Repository.path("Corpora/profiles/reference"))
            .profile(named: "marked-text")
        let fuzzer = try Fuzzer(
            rule: RuleCatalogue.full.rule("none"), profiles: [reference], inventory: Fixtures.inventory)
        #expect(fuzzer.presented.isEmpty)
        #expect((0..<100).allSatisfy { fuzzer.family(seed: 0, iteration: $0) == .other })
    }

    /// Seed 004's limit adds the replacement's length to the whole text: at the limit the
    /// last-syllable replacement that grows ㅍ into 푸 is refused (React Native #10320's
    /// `텍스트인ㅍ`), which the fuzzer finds in its Korean sessions.
    @Test func theLastSyllableRefusalIsFoundInKoreanSessions() throws {
        let fuzzer = try Fixtures.fuzzer("legacy-input-filter:max-length=5")
        let found = (0..<2000).lazy.filter { fuzzer.family(seed: 0, iteration: $0) == .hangul }.contains { iteration in
            fuzzer.failures(fuzzer.events(seed: 0, iteration: iteration), ime: .hangul).contains {
                $0.property == .typedTextLost && $0.message.hasPrefix("replace(")
            }
        }
        #expect(found)
    }
}
