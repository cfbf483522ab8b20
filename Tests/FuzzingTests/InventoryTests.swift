import Graphemes
import Testing

@testable import Fuzzing

/// What the generators draw from, read from ICU and Unicode's data: each inventory holds
/// the characters that define it and none that do not.
@Suite struct InventoryTests {
    static func contains(_ pool: [UTF16Text], _ text: String) -> Bool { pool.contains(UTF16Text(text)) }

    @Test(arguments: [
        ("é", "precomposed Latin"), ("ǖ", "precomposed Latin, Pinyin's ü with a tone"), ("Ｈ", "fullwidth letter"),
        ("！", "fullwidth punctuation"), ("𝐀", "mathematical bold A"), ("𝕫", "mathematical double-struck z"),
        ("𝄞", "musical G clef"), ("\t", "tab"), ("\n", "line feed"), ("\r", "carriage return"),
    ])
    func otherTextHolds(_ text: String, _ what: String) {
        #expect(Self.contains(Fixtures.inventory.otherText, text), "\(what)")
    }

    @Test(arguments: ["a", "1", "😀", "中", "\u{0007}", "e\u{0301}", "１"])
    func otherTextLeavesOut(_ text: String) {
        #expect(!Self.contains(Fixtures.inventory.otherText, text))
    }

    @Test func symbolCandidatesAreNoEmojiByDefault() {
        let candidates = Fixtures.inventory.symbolCandidates
        for symbol in ["☆", "℃", "①", "※", "。", "№"] { #expect(Self.contains(candidates, symbol), "\(symbol)") }
        for emoji in ["⌚", "☕", "😀"] { #expect(!Self.contains(candidates, emoji), "\(emoji)") }
    }

    @Test func pasteShapedEmojiAreKeptApartFromTypedOnes() {
        // emoji-test.txt: what a keyboard sends is fully-qualified; the rest arrives by paste.
        let inventory = Fixtures.inventory
        #expect(Self.contains(inventory.otherEmojiLines, "\u{263A}"))  // ☺ unqualified
        #expect(!Self.contains(inventory.emoji[.basic] ?? [], "\u{263A}"))
        #expect(Self.contains(inventory.emoji[.basic] ?? [], "\u{263A}\u{FE0F}"))
    }
}
