import Composition
import Graphemes
import Testing

@testable import Fuzzing

/// After the events, the characters: each becomes the simplest of its class that still
/// fails, so a counterexample reads as the bug it is.
@Suite struct CharacterShrinkingTests {
    /// Each stand-in is of the class ICU gives the clusters it stands for.
    @Test(arguments: [
        ("𠀀", "中"), ("㐀", "中"), ("ゐ", "あ"), ("ヰ", "ア"), ("뷁", "한"), ("ㄓ", "ㄅ"), ("🧖🏿‍♂️", "😀"),
        ("🇯🇵", "😀"), ("٣", "１"), ("７", "１"), ("7", "1"), ("、", "."), ("¥", "+"), ("\u{3000}", " "),
    ])
    func theSimplestClusterIsOfTheSameClass(_ text: String, _ simplest: String) throws {
        let cluster = UTF16Text(text)
        let found = try #require(Shrinker.simplest(like: cluster))
        #expect(found == UTF16Text(simplest))
        #expect(
            found.clusters.first?.classification.clusterClass == cluster.clusters.first?.classification.clusterClass)
        #expect(Shrinker.simplest(like: found) == found, "a stand-in stands for itself")
    }

    /// A failure that needs a Han character, an emoji or a digit other than ASCII keeps
    /// one, the simplest; one that needs none shrinks to `a`.
    @Test(arguments: [
        (ClusterClass.han, "𠀀𛀹p\u{FE28}", "中"), (.emoji, "x🧖🏿‍♂️", "😀"), (.digit, "a٣", "１"),
        (.letter, "ẞ𠀀", "a"),
    ])
    func aCounterexampleUsesTheSimplestCharactersThatStillFail(
        _ needed: ClusterClass, _ typed: String, _ expected: String
    ) {
        let shrunk = Shrinker { events in
            events.contains { event in
                guard case .insertText(let text) = event else { return false }
                var found = false
                text.forEachCluster { cluster in
                    if cluster.classification.clusterClass == needed,
                        needed != .digit || text[cluster.range].units.contains(where: { $0 >= 0x80 })
                    {
                        found = true
                    }
                }
                return found
            }
        }.shrink([.insertText("ab"), .insertText(UTF16Text(typed))])
        #expect(shrunk == [.insertText(UTF16Text(expected))])
    }
}
