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
        let families = (0..<400).map { fuzzer.traits(seed: 3, iteration: $0).ime }
        let hangul = families.filter { $0 == .hangul }.count
        #expect((55...120).contains(hangul), "\(hangul)")
        #expect(families.allSatisfy { $0 == .hangul || $0 == .other })
        // Those sessions are Korean compositions only: no other input method's marked text.
        for iteration in 0..<400 where families[iteration] == .hangul {
            for case .setMarkedText(let text, _) in fuzzer.events(seed: 3, iteration: iteration) {
                #expect(
                    text.clusters.allSatisfy { [.hangul, .other].contains($0.classification.clusterClass) }, "\(text)")
            }
        }
    }

    /// One session in eight is a secure field, typed on ASCII keys and refocused: seed 004's
    /// limit, which ignores the range, refuses the key that replaces the whole text.
    @Test func secureFieldsAreDrawnAndTheirClearingIsFuzzed() throws {
        let fuzzer = try Fixtures.fuzzer("legacy-input-filter:max-length=4")
        let secure = (0..<800).filter { fuzzer.traits(seed: 2, iteration: $0).secure }
        #expect((60...140).contains(secure.count), "\(secure.count)")
        let asciiKeys = try KeyboardKeys(Keyboard(.asciiCapable), locale: nil)
        for iteration in secure.prefix(30) {
            let events = fuzzer.events(seed: 2, iteration: iteration)
            #expect(events.allSatisfy { $0.typedText.map(asciiKeys.canType) ?? true })
        }
        let locked = secure.contains { iteration in
            fuzzer.failures(fuzzer.events(seed: 2, iteration: iteration), traits: .init(secure: true)).contains {
                $0.property == .typedTextLost && $0.message.hasPrefix("replace({0, ")
            }
        }
        #expect(locked)
    }

    @Test func aMarkedTextProfileDrawsNoFamily() throws {
        let reference = try ProfileStore(directory: Repository.path("Corpora/profiles/alternatives"))
            .profile(named: "marked-text")
        let fuzzer = try Fuzzer(
            rule: RuleCatalogue.full.rule("none"), profiles: [reference], inventory: Fixtures.inventory)
        #expect(fuzzer.presented.isEmpty)
        #expect((0..<100).allSatisfy { fuzzer.traits(seed: 0, iteration: $0).ime == .other })
    }

    /// Seed 004's limit adds the replacement's length to the whole text: under the
    /// last-syllable alternative, at the limit the replacement that grows ㅍ into 푸 is
    /// refused, which the fuzzer finds in its Korean sessions. (Under the shipped
    /// jamo-insertion presentation the limit is told of one unit more than fits, and only a
    /// contract promising composition safety blames it: see PresentationTests.)
    @Test func theLastSyllableRefusalIsFoundInKoreanSessions() throws {
        let lastSyllable = try ProfileStore(directory: Repository.path("Corpora/profiles"))
            .profile(named: "alternatives/ios18-single-last-syllable")
        let fuzzer = try Fuzzer(
            rule: RuleCatalogue.full.rule("legacy-input-filter:max-length=5"), profiles: [lastSyllable],
            inventory: Fixtures.inventory)
        let found = (0..<2000).lazy.filter { fuzzer.traits(seed: 0, iteration: $0).ime == .hangul }.contains {
            iteration in
            fuzzer.failures(fuzzer.events(seed: 0, iteration: iteration), traits: .init(ime: .hangul)).contains {
                $0.property == .typedTextLost && $0.message.hasPrefix("replace(")
            }
        }
        #expect(found)
    }
}
