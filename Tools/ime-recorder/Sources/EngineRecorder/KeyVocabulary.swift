import Foundation
import IMEHarness

/// What generated key scripts for one engine are made of: moves, each a short run of keys
/// drawn from a list, picked by weight (``keys(seed:iteration:)``).
///
/// Every list comes from data, never typed in here:
///
/// - Pinyin (Rime `luna_pinyin*`): the harness's own Pinyin syllables (Unihan's kMandarin
///   and kFrequency, ``FuzzCampaign/pinyinSyllables()``), typed letter by letter, with
///   candidate digits 1–5 (Rime's default `menu/page_size` is 5, `default.yaml`) and the
///   symbol codes of Rime's `symbols.yaml` (`/mj` types the mahjong tiles 🀀–🀫, `/yy`
///   𝄞: text outside the BMP, as a Rime user — Hamster on iOS included — types it).
/// - Zhuyin (Rime `bopomofo*`, Chewing): the same syllables with a tone 1–5, turned into
///   keys of the standard (Dachen) layout by Rime's own spelling algebra
///   (`zhuyin.yaml`: `pinyin_to_zhuyin`, then `keymap_bopomofo`, which makes tone 1 the
///   space bar), so `zhong1` is `5j/` and space; Chewing's candidate list is opened with
///   Down and picked with 1–9 (its default selection keys).
/// - Korean (libhangul): the keyboard's own key map (`hangul-keyboard-<id>.xml`), its
///   jamo told apart by Unicode's `HangulSyllableType.txt`: an initial and a vowel, often
///   a final (typed with an initial's key on two-set keyboards), sometimes a jamo alone.
/// - Kana (Anthy): the letters of Unicode's `Scripts.txt` in the Hiragana script (general
///   category Lo) and the Hiragana block (`Blocks.txt`: the kana a kana keyboard types,
///   not the hentaigana of the supplement), space to convert, arrows and Shift+arrows
///   over segments, and runs of digits, which an iPhone's Japanese keyboards compose too
///   (a digit typed offers circled and full-width candidates: isuta.jp, May 2014, "1桁の
///   丸数字の場合、キーボードから該当の数字を入力すれば、変換候補に丸数字がありますね";
///   flutter/flutter#97413: a number field a Japanese IME cannot type into).
///
/// Every engine's moves include BackSpace (inside and after compositions), Return,
/// Escape and the arrows, and the mode switches of the engines that have them: Shift
/// alone and Caps Lock on Rime (`ascii_composer/switch_key` in its `default.yaml`:
/// `Shift_L: inline_ascii`, `Caps_Lock: clear`), Caps Lock on Chewing (its Chinese and
/// English modes). libhangul and the Anthy front end have none. Caps Lock switches modes
/// only: a declined letter reaches the field as the script writes it.
public struct KeyVocabulary: Sendable {
    /// One kind of move: a key run chosen from `choices`, `weight` times as likely as a
    /// move of weight 1.
    public struct Move: Sendable {
        public let name: String
        public let weight: Int
        public let choices: [[Key]]
    }

    public let engine: String
    public let schema: String
    public let moves: [Move]
    private let totalWeight: Int
    /// The most digit keys between two Returns, where the engine's time grows
    /// exponentially with them (Anthy: see ``isTypable(_:)``).
    public let digitsPerComposition: Int?

    /// The most moves and keys a generated script holds.
    public static let maximumMoves = 12
    public static let maximumKeys = 40

    init(engine: String, schema: String, moves: [Move], digitsPerComposition: Int? = nil) {
        self.engine = engine
        self.schema = schema
        self.digitsPerComposition = digitsPerComposition
        self.moves = moves.filter { $0.weight > 0 && !$0.choices.isEmpty }
        totalWeight = self.moves.reduce(0) { $0 + $1.weight }
    }

    /// The key script of iteration `iteration` of `seed`: 1 to ``maximumMoves`` moves, at
    /// most ``maximumKeys`` keys. Each iteration draws from a generator of its own, so an
    /// iteration is the same script whatever ran before it.
    public func keys(seed: UInt64, iteration: Int) -> [Key] {
        var random = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: iteration) &* 0x9E37_79B9_7F4A_7C15)
        var keys: [Key] = []
        for _ in 0...random.below(Self.maximumMoves) {
            var draw = random.below(totalWeight)
            guard
                let move = moves.first(where: { move in
                    defer { draw -= move.weight }
                    return draw < move.weight
                })
            else { break }
            let run = random.pick(move.choices)
            if let limit = digitsPerComposition, Self.digits(since: keys) + Self.digits(in: run) > limit {
                keys.append(.named(.enter))
            }
            keys += run
        }
        return Array(keys.prefix(Self.maximumKeys))
    }

    /// Whether the engine can type `keys` in reasonable time: always, except that Anthy's
    /// conversion time grows about fivefold with each digit of a run past eight (libanthy
    /// 0.4 on this machine, `{space}` after the digits: 8 digits 0.14 s, 10 0.29 s, 11
    /// 1.5 s, 12 13 s, 13 55 s), so a script for it holds at most
    /// ``digitsPerComposition`` (8) digit keys between two Returns. The generator keeps to it by pressing Return first, and the
    /// shrinker tries no script that breaks it (dropping a Return could join two runs).
    public func isTypable(_ keys: [Key]) -> Bool {
        guard let limit = digitsPerComposition else { return true }
        var count = 0
        for key in keys {
            if key == .named(.enter) { count = 0 } else if Self.digits(in: [key]) == 1 { count += 1 }
            if count > limit { return false }
        }
        return true
    }

    private static func digits(in keys: some Collection<Key>) -> Int {
        keys.count { if case .character(let scalar) = $0 { ("0"..."9").contains(scalar) } else { false } }
    }

    private static func digits(since keys: [Key]) -> Int {
        digits(in: keys.reversed().prefix { $0 != .named(.enter) })
    }

    /// Where the vocabularies' data is: the engines' own data and Unicode's data files.
    public struct DataPaths: Sendable {
        public var rime = "/usr/share/rime-data"
        public var libhangul = "/usr/share/libhangul/keyboards"
        public var unicode = "/usr/share/unicode"

        public init() {}
    }

    /// The vocabulary for `engine` running `schema`.
    ///
    /// - Throws: ``RecorderError`` naming the file when data cannot be read, or the engine
    ///   or schema when no vocabulary is known for it.
    public static func make(engine: String, schema: String, data: DataPaths = DataPaths()) throws(RecorderError)
        -> KeyVocabulary
    {
        let editing: [Move] = [
            Move(
                name: "BackSpace", weight: 2,
                choices: [[.named(.backSpace)], [.named(.backSpace), .named(.backSpace)]]),
            Move(name: "Return", weight: 1, choices: [[.named(.enter)]]),
            Move(name: "Escape", weight: 1, choices: [[.named(.escape)]]),
            Move(name: "arrow", weight: 1, choices: [[.named(.left)], [.named(.right)]]),
        ]
        switch (engine, schema) {
        case ("rime", let schema) where schema.hasPrefix("luna_pinyin"):
            let symbols = try rimeSymbols(data.rime)
            return KeyVocabulary(
                engine: engine, schema: schema,
                moves: [
                    Move(name: "syllable", weight: 10, choices: try pinyin().map(characters)),
                    Move(name: "candidate", weight: 1, choices: "12345".unicodeScalars.map { [.character($0)] }),
                    Move(name: "space", weight: 3, choices: [[.named(.space)]]),
                    Move(name: "symbol", weight: 1, choices: symbols.map { characters($0.code) + [.named(.space)] }),
                    // Runs of one to three codes whose first symbol lies outside the BMP (two
                    // UTF-16 units): the text that offsets cut in half, and that a limit
                    // counting the marked code lets in only a few at a time.
                    Move(
                        name: "symbols outside the BMP", weight: 3,
                        choices: symbols.filter { $0.first.utf16.count == 2 }.flatMap { symbol in
                            (1...3).map {
                                Array(repeating: characters(symbol.code) + [.named(.space)], count: $0).flatMap(\.self)
                            }
                        }),
                    Move(name: "punctuation", weight: 1, choices: [[.character(",")], [.character(".")]]),
                    rimeModeSwitch,
                ] + editing)
        case ("rime", let schema) where schema.hasPrefix("bopomofo"):
            return KeyVocabulary(
                engine: engine, schema: schema,
                moves: [
                    Move(name: "syllable", weight: 10, choices: try zhuyin(data.rime)),
                    Move(name: "space", weight: 2, choices: [[.named(.space)]]),
                    Move(name: "candidate", weight: 1, choices: [[.named(.down)], [.named(.down), .named(.space)]]),
                    rimeModeSwitch,
                ] + editing)
        case ("chewing", "default"):
            return KeyVocabulary(
                engine: engine, schema: schema,
                moves: [
                    Move(name: "syllable", weight: 10, choices: try zhuyin(data.rime)),
                    Move(name: "space", weight: 1, choices: [[.named(.space)]]),
                    Move(
                        name: "candidate", weight: 1,
                        choices: "123456789".unicodeScalars.map { [.named(.down), .character($0)] }),
                    Move(name: "mode switch", weight: 1, choices: [[.named(.capsLock)]]),
                ] + editing)
        case ("libhangul", let keyboard):
            let jamo = try hangulKeys(keyboard: keyboard, data: data)
            let finals = jamo.finals.isEmpty ? jamo.initials : jamo.finals
            let open = jamo.initials.flatMap { initial in jamo.vowels.map { [initial, $0] } }
            return KeyVocabulary(
                engine: engine, schema: schema,
                moves: [
                    Move(name: "syllable", weight: 6, choices: open),
                    Move(
                        name: "closed syllable", weight: 4,
                        choices: open.flatMap { syllable in finals.map { syllable + [$0] } }),
                    Move(name: "jamo", weight: 1, choices: (jamo.initials + jamo.vowels).map { [$0] }),
                    Move(name: "space", weight: 2, choices: [[.named(.space)]]),
                    Move(name: "punctuation", weight: 1, choices: [[.character(".")], [.character(",")]]),
                ] + editing)
        case ("anthy", "kana"):
            return KeyVocabulary(
                engine: engine, schema: schema,
                moves: [
                    Move(name: "kana", weight: 10, choices: try hiragana(data.unicode).map { [.character($0)] }),
                    Move(name: "digits", weight: 4, choices: digitRuns),
                    Move(name: "convert", weight: 3, choices: [[.named(.space)]]),
                    Move(name: "resize", weight: 1, choices: [[.named(.shiftLeft)], [.named(.shiftRight)]]),
                ] + editing, digitsPerComposition: 8)
        default:
            throw .engine(
                engine,
                "no key vocabulary for schema '\(schema)' (known: rime luna_pinyin*, rime bopomofo*, chewing default, libhangul <keyboard>, anthy kana)"
            )
        }
    }

    /// Runs of 1 to 8 digit keys, from each digit on (`3`, `34`, …, `34567890`).
    private static let digitRuns: [[Key]] = (0..<10).flatMap { start in
        (1...8).map { length in (0..<length).map { Key.character(Unicode.Scalar(UInt8(48 + (start + $0) % 10))) } }
    }

    private static let rimeModeSwitch = Move(
        name: "mode switch", weight: 1, choices: [[.named(.shift)], [.named(.capsLock)]])

    private static func characters(_ text: String) -> [Key] { text.unicodeScalars.map { .character($0) } }

    private static func pinyin() throws(RecorderError) -> [String] {
        do {
            return try FuzzCampaign.pinyinSyllables()
        } catch {
            throw .engine("rime", error.description)
        }
    }

    private static func read(_ path: String) throws(RecorderError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw .file(path, "no such file") }
        guard let text = String(validating: data, as: UTF8.self) else { throw .file(path, "is not UTF-8") }
        return text
    }

    /// The symbol codes of Rime's `symbols.yaml` (`'/mj': [ 🀀, 🀁, … ]`) with the first
    /// symbol each lists (what space commits): a slash and ASCII letters or digits, as the
    /// Pinyin schemas' recognizer takes them (`punct: '^/([0-9]0?|[A-Za-z]+)$'`,
    /// `luna_pinyin.schema.yaml`).
    static func rimeSymbols(_ directory: String) throws(RecorderError) -> [(code: String, first: String)] {
        let path = directory + "/symbols.yaml"
        var symbols: [(code: String, first: String)] = []
        for line in try read(path).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("'/"), let close = trimmed.dropFirst().firstIndex(of: "'"),
                let open = trimmed[close...].firstIndex(of: "[")
            else { continue }
            let code = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            let first = trimmed[trimmed.index(after: open)...].prefix { $0 != "," && $0 != "]" }
                .trimmingCharacters(in: .whitespaces)
            guard code.count > 1, code.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                !symbols.contains(where: { $0.code == code })
            else { continue }
            symbols.append((code, first))
        }
        guard !symbols.isEmpty else { throw .file(path, "holds no symbol codes ('/…': [ … ])") }
        return symbols
    }

    /// Pinyin syllables with each tone, as keys of the standard Zhuyin layout, converted by
    /// the rules of Rime's `zhuyin.yaml`.
    static func zhuyin(_ directory: String) throws(RecorderError) -> [[Key]] {
        let path = directory + "/zhuyin.yaml"
        let algebra = try SpellingAlgebra(
            yaml: try read(path), sections: ["pinyin_to_zhuyin", "keymap_bopomofo"], file: path)
        var keys: [[Key]] = []
        for syllable in try pinyin() {
            for tone in 1...5 {
                keys.append(
                    algebra.apply(syllable + String(tone)).unicodeScalars.map {
                        $0 == " " ? .named(.space) : .character($0)
                    })
            }
        }
        return keys
    }

    /// A keyboard's keys by the jamo they type: initials (`L`), vowels (`V`) and finals
    /// (`T`, on three-set keyboards) per Unicode's Hangul_Syllable_Type.
    static func hangulKeys(keyboard: String, data: DataPaths) throws(RecorderError) -> (
        initials: [Key], vowels: [Key], finals: [Key]
    ) {
        let types = try UnicodeDataFile.values(of: data.unicode + "/HangulSyllableType.txt")
        let path = data.libhangul + "/hangul-keyboard-\(keyboard).xml"
        var found: (initials: [Key], vowels: [Key], finals: [Key]) = ([], [], [])
        // The first map (id 0, keys without a modifier state) lists `<item key="0x61" value="0x1106"/>`.
        let text = try read(path)
        let firstMap = text.range(of: "</map>").map { text[..<$0.lowerBound] } ?? text[...]
        for item in firstMap.components(separatedBy: "<item ").dropFirst() {
            func hex(_ attribute: String) -> UInt32? {
                guard let start = item.range(of: attribute + "=\"0x") else { return nil }
                return UInt32(item[start.upperBound...].prefix { $0.isHexDigit }, radix: 16)
            }
            guard let key = hex("key").flatMap(Unicode.Scalar.init), let value = hex("value") else { continue }
            switch types[value] {
            case "L": found.initials.append(.character(key))
            case "V": found.vowels.append(.character(key))
            case "T": found.finals.append(.character(key))
            default: break
            }
        }
        guard !found.initials.isEmpty, !found.vowels.isEmpty else {
            throw .file(path, "maps no key to an initial and a vowel jamo")
        }
        return found
    }

    /// The Hiragana letters: `Scripts.txt` entries of the Hiragana script whose general
    /// category (the comment's first field) is Lo, inside `Blocks.txt`'s Hiragana block.
    static func hiragana(_ directory: String) throws(RecorderError) -> [Unicode.Scalar] {
        let path = directory + "/Scripts.txt"
        let blocks = try UnicodeDataFile.entries(of: directory + "/Blocks.txt").filter { $0.1 == "Hiragana" }
        var letters: [Unicode.Scalar] = []
        for (range, value, comment) in try UnicodeDataFile.entries(of: path)
        where value == "Hiragana" && comment.hasPrefix("Lo") {
            letters += range.filter { scalar in blocks.contains { $0.0.contains(scalar) } }.compactMap(
                Unicode.Scalar.init)
        }
        guard !letters.isEmpty else { throw .file(path, "lists no Hiragana letters") }
        return letters
    }
}

/// Unicode's data files of the form `0041..005A ; Value # comment`.
enum UnicodeDataFile {
    static func entries(of path: String) throws(RecorderError) -> [(ClosedRange<UInt32>, String, String)] {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(validating: data, as: UTF8.self)
        else { throw .file(path, "cannot be read (apt-get install unicode-data)") }
        var entries: [(ClosedRange<UInt32>, String, String)] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "#", maxSplits: 1)
            let fields = parts[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2 else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last, low <= high else { continue }
            let comment = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            entries.append((low...high, fields[1], comment))
        }
        return entries
    }

    static func values(of path: String) throws(RecorderError) -> [UInt32: String] {
        var values: [UInt32: String] = [:]
        for (range, value, _) in try entries(of: path) { for scalar in range { values[scalar] = value } }
        return values
    }
}

/// The two kinds of rule of Rime's spelling algebra that turn a spelling into keys:
/// `xform/PATTERN/REPLACEMENT/` (a regular expression replaced everywhere) and
/// `xlit|FROM|TO|` (each character of FROM becomes the one at its place in TO), read from
/// the named lists of a Rime YAML file and applied in order. (The other kinds, `derive` and
/// `abbrev`, add alternative spellings a key script does not need.)
struct SpellingAlgebra {
    private enum Rule {
        case xform(NSRegularExpression, String)
        case xlit([Character: Character])
    }

    private var rules: [Rule] = []

    init(yaml: String, sections: [String], file: String) throws(RecorderError) {
        var section = ""
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let first = line.first, first != " ", first != "#", line.hasSuffix(":") {
                section = String(line.dropLast())
                continue
            }
            guard sections.contains(section) else { continue }
            var rule = line.trimmingCharacters(in: .whitespaces)
            guard rule.hasPrefix("- ") else { continue }
            rule = String(rule.dropFirst(2))
            if let comment = rule.range(of: "  #") { rule = String(rule[..<comment.lowerBound]) }
            if rule.hasPrefix("'"), rule.hasSuffix("'") { rule = String(rule.dropFirst().dropLast()) }
            guard let keyword = ["xform", "xlit"].first(where: rule.hasPrefix) else { continue }
            let body = rule.dropFirst(keyword.count)
            let parts = body.first.map { body.dropFirst().split(separator: $0, omittingEmptySubsequences: false) } ?? []
            if keyword == "xform", parts.count >= 2, let pattern = try? NSRegularExpression(pattern: String(parts[0])) {
                rules.append(.xform(pattern, String(parts[1])))
            } else if keyword == "xlit", parts.count >= 2, parts[0].count == parts[1].count {
                rules.append(.xlit(Dictionary(zip(parts[0], parts[1]), uniquingKeysWith: { first, _ in first })))
            } else {
                throw .badLine(file: file, line: index + 1, "cannot read the spelling rule \(rule)")
            }
        }
        guard !rules.isEmpty else {
            throw .file(file, "holds no xform or xlit rule under \(sections.joined(separator: ", "))")
        }
    }

    func apply(_ spelling: String) -> String {
        var text = spelling
        for rule in rules {
            switch rule {
            case .xform(let pattern, let replacement):
                text = pattern.stringByReplacingMatches(
                    in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
            case .xlit(let map): text = String(text.map { map[$0] ?? $0 })
            }
        }
        return text
    }
}
