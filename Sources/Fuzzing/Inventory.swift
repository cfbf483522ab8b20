import Foundation
import Graphemes

/// The material the generators draw from, taken from ICU's properties and Unicode's data
/// files — never typed in by hand:
///
/// - scans of planes 0–2 through ICU: ASCII, decimal digits of every script (fullwidth,
///   Arabic-Indic, mathematical), combining marks, Hangul jamo (L, V, T) and syllables
///   (LV, LVT), compatibility jamo, Bopomofo, Hiragana, Katakana, Han outside the BMP,
///   regional indicators, skin tones, ZWJ, variation selectors, bidi controls;
/// - `emoji-test.txt`: every emoji line, by qualification and sequence type;
/// - `Corpora/fuzzing/pinyin.tsv` and `bopomofo-tones.txt`, written from Unihan and
///   NamesList.txt by `scripts/extract-fuzz-data`.
package struct Inventory: Sendable {
    package var ascii: [UTF16Text] = []
    package var asciiLetters: [UTF16Text] = []
    /// ASCII digits and punctuation: what number and amount fields see most.
    package var asciiDigitsAndPunctuation: [UTF16Text] = []
    package var digits: [UTF16Text] = []
    package var fullwidthDigits: [UTF16Text] = []
    package var combiningMarks: [UTF16Text] = []
    package var jamoLeading: [UInt32] = []
    package var jamoVowel: [UInt32] = []
    package var jamoTrailing: [UInt32] = []
    package var hangulSyllables: [UTF16Text] = []
    /// Compatibility jamo by the conjoining leading consonant they fold to (NFKC).
    package var compatibilityJamo: [UInt32: UTF16Text] = [:]
    package var bopomofo: [UTF16Text] = []
    package var bopomofoTones: [UTF16Text] = []
    package var hiragana: [UTF16Text] = []
    package var katakana: [UTF16Text] = []
    package var hanSupplementary: [UTF16Text] = []
    package var regionalIndicators: [UTF16Text] = []
    package var skinTones: [UTF16Text] = []
    package var zwj: [UTF16Text] = []
    package var variationSelectors: [UTF16Text] = []
    package var bidiControls: [UTF16Text] = []
    /// Extended_Pictographic code points that are not emoji on their own (✁, reserved ones).
    package var pictographs: [UTF16Text] = []
    /// Fully-qualified emoji by sequence type, and the other emoji-test lines.
    package var emoji: [EmojiSequenceType: [UTF16Text]] = [:]
    package var otherEmojiLines: [UTF16Text] = []
    /// Pinyin syllables and the characters read that way, most frequent first.
    package var pinyin: [PinyinSyllable] = []
    /// Every character of ``pinyin``.
    package var hanCharacters: [UTF16Text] = []
    /// The ten ASCII digits.
    package var asciiDigits: [UTF16Text] = []
    /// What the 9-key Pinyin keyboard marks for keys 2–9 (`nine-key-placeholders.txt`).
    package var nineKeyPlaceholders: [UTF16Text] = []
    /// The 9-key placeholder of the key that types each letter (`z` → ➒).
    package var nineKeyPlaceholderOfLetter: [UInt16: UTF16Text] = [:]
    /// The 9-key emoticon key's placeholder (☻) and the emoticon it becomes.
    package var nineKeyEmoticon: (placeholder: UTF16Text, becomes: UTF16Text)?
    /// Symbols an input method offers among its candidates: BMP symbols, letterlike and
    /// enclosed numbers and CJK punctuation that East Asian fonts draw wide or ambiguous
    /// (☆ ℃ ① ※ 。), none of them an emoji by default (ICU: General_Category So, Sm, No,
    /// Po; East_Asian_Width W, F or A; not Emoji_Presentation).
    package var symbolCandidates: [UTF16Text] = []
    /// Other text a keyboard, an input method or a paste brings that filters get wrong,
    /// each from ICU's properties: precomposed Latin letters (é, ǖ: Latin script,
    /// Decomposition_Type canonical), fullwidth letters and punctuation (Ｈ ！: East_Asian_Width
    /// F), mathematical alphanumerics (𝐀 𝕫: letters outside the BMP whose NFKC form is
    /// ASCII), symbols outside the BMP that are no emoji (musical 𝄞, mathematical ⟘-like
    /// operators: So or Sm, not Extended_Pictographic), and the whitespace controls a paste
    /// or a multi-line source brings (tab, line feed, carriage return: Cc and White_Space).
    package var otherText: [UTF16Text] = []
    /// The inventory files held in memory, when they are.
    private let files: [String: String]?

    /// Reads everything; `fuzzingDirectory` holds `pinyin.tsv` and `bopomofo-tones.txt`
    /// (or, with `files`, those files by name, held in memory and called by the directory's
    /// name in messages).
    ///
    /// - Throws: ``InventoryError`` naming the file that is missing or malformed.
    package init(
        fuzzingDirectory: String, files: [String: String]? = nil, unicodeData: UnicodeDataFiles = UnicodeDataFiles()
    ) throws(InventoryError) {
        self.files = files
        scanICU()
        do {
            let file = try EmojiTestFile(unicodeData)
            for entry in file.entries {
                let classification = ClusterClassifier.classify(entry.text)
                if entry.qualification == .fullyQualified, let type = classification.emoji {
                    emoji[type, default: []].append(entry.text)
                } else {
                    otherEmojiLines.append(entry.text)
                }
            }
        } catch {
            throw .unreadable(path: unicodeData.directory, reason: "\(error)")
        }
        try readPinyin(fuzzingDirectory + "/pinyin.tsv")
        bopomofoTones = try lines(fuzzingDirectory + "/bopomofo-tones.txt").compactMap { line in
            line.split(separator: "\t").first.map { UTF16Text(String($0)) }
        }
        for line in try lines(fuzzingDirectory + "/nine-key-placeholders.txt") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let placeholder = columns.first.map({ UTF16Text(String($0)) }) else { continue }
            nineKeyPlaceholders.append(placeholder)
            let types = columns.count > 3 ? String(columns[3]) : ""
            // A key of letters types one of them; the emoticon key becomes its emoticon.
            if types.allSatisfy({ $0.isASCII && $0.isLetter }) {
                for letter in types.utf16 { nineKeyPlaceholderOfLetter[letter] = placeholder }
            } else {
                nineKeyEmoticon = (placeholder, UTF16Text(types))
            }
        }
        hanCharacters = pinyin.flatMap(\.characters)
        asciiDigits = digits.filter { $0.length == 1 && $0.units[0] < 0x80 }
        guard !pinyin.isEmpty, !bopomofoTones.isEmpty, !nineKeyPlaceholders.isEmpty else {
            throw .unreadable(
                path: fuzzingDirectory,
                reason: "pinyin.tsv, bopomofo-tones.txt and nine-key-placeholders.txt must not be empty")
        }
    }

    private mutating func scanICU() {
        for codePoint in UInt32(0)...0x2_FFFF {
            if codePoint >= 0x2_0000 && codePoint % 37 != 0 { continue }  // a sample of plane 2
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            let properties = CodePointProperties(codePoint: codePoint)
            let text = UTF16Text(scalar)
            let category = properties.generalCategory
            let binary = properties.binary
            if codePoint < 0x80, category != .control {
                ascii.append(text)
                if category.isLetter { asciiLetters.append(text) }
                if category == .decimalNumber || category.isPunctuation { asciiDigitsAndPunctuation.append(text) }
            }
            if category == .decimalNumber {
                digits.append(text)
                if properties.eastAsianWidth == .fullwidth { fullwidthDigits.append(text) }
            }
            if category == .nonspacingMark, codePoint < 0x1_0000, properties.script == .inherited {
                combiningMarks.append(text)
            }
            switch properties.graphemeClusterBreak {
            case .l: jamoLeading.append(codePoint)
            case .v: jamoVowel.append(codePoint)
            case .t: jamoTrailing.append(codePoint)
            case .lv, .lvt: if codePoint % 7 == 0 { hangulSyllables.append(text) }
            case .zwj: zwj.append(text)
            default: break
            }
            if properties.script == .hangul, properties.graphemeClusterBreak == .other, category.isLetter {
                let folded = text.nfkc.units
                if folded.count == 1, CodePointProperties(codePoint: UInt32(folded[0])).graphemeClusterBreak == .l,
                    compatibilityJamo[UInt32(folded[0])] == nil
                {
                    compatibilityJamo[UInt32(folded[0])] = text
                }
            }
            if category.isLetter {
                if properties.script == .bopomofo { bopomofo.append(text) }
                if properties.script == .hiragana { hiragana.append(text) }
                if properties.script == .katakana { katakana.append(text) }
                if properties.script == .han, codePoint >= 0x1_0000 { hanSupplementary.append(text) }
            }
            if binary.contains(.regionalIndicator) { regionalIndicators.append(text) }
            if binary.contains(.emojiModifier) { skinTones.append(text) }
            if binary.contains(.variationSelector), codePoint < 0x1_0000 { variationSelectors.append(text) }
            if binary.contains(.bidiControl) { bidiControls.append(text) }
            if binary.contains(.extendedPictographic), !binary.contains(.emoji) { pictographs.append(text) }
            if category.isLetter, properties.script == .latin, codePoint >= 0x80,
                binary.contains(.canonicalDecomposition)
            {
                otherText.append(text)
            } else if properties.eastAsianWidth == .fullwidth, category.isLetter || category.isPunctuation {
                otherText.append(text)
            } else if codePoint >= 0x1_0000, category.isLetter, text.nfkc.units.count == 1,
                text.nfkc.units[0] < 0x80
            {
                otherText.append(text)
            } else if codePoint >= 0x1_0000, category == .otherSymbol || category == .mathSymbol,
                !binary.contains(.extendedPictographic)
            {
                otherText.append(text)
            } else if category == .control, binary.contains(.whiteSpace), codePoint < 0x80 {
                otherText.append(text)
            }
            if codePoint < 0x1_0000, codePoint >= 0x80, !binary.contains(.emojiPresentation),
                [.otherSymbol, .mathSymbol, .otherNumber, .otherPunctuation].contains(category),
                [.wide, .fullwidth, .ambiguous].contains(properties.eastAsianWidth)
            {
                symbolCandidates.append(text)
            }
        }
    }

    private mutating func readPinyin(_ path: String) throws(InventoryError) {
        for line in try lines(path) {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, !fields[1].isEmpty else {
                throw .unreadable(path: path, reason: "expected 'syllable<TAB>characters', found '\(line)'")
            }
            pinyin.append(
                PinyinSyllable(UTF16Text(String(fields[0])), characters: fields[1].map { UTF16Text(String($0)) }))
        }
    }

    /// The non-comment lines of a text file (held in memory, by its name, when ``files`` are).
    private func lines(_ path: String) throws(InventoryError) -> [Substring] {
        let data: [UInt8]
        if let files {
            guard let held = files[String(path.split(separator: "/").last ?? "")] else {
                throw .unreadable(path: path, reason: "no such file")
            }
            data = Array(held.utf8)
        } else {
            do {
                // The shipped inventories hold under 1 MB; 64 MiB is room for a user's own.
                data = try FileContents.read(path, limit: 64 << 20)
            } catch {
                throw .unreadable(path: path, reason: error.description)
            }
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
    }
}

/// Why the inventory cannot be read.
package enum InventoryError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// A Pinyin syllable of ``Inventory/pinyin``: its letters, each typed as a key of its own,
/// and the characters read that way.
package struct PinyinSyllable: Sendable {
    package let letters: UTF16Text
    /// The letters' grapheme clusters, one per key (split once: a generator types
    /// thousands of syllables a second).
    package let keys: [UTF16Text]
    package let characters: [UTF16Text]

    init(_ letters: UTF16Text, characters: [UTF16Text]) {
        self.letters = letters
        keys = letters.graphemeClusters.map { letters[$0] }
        self.characters = characters
    }
}
