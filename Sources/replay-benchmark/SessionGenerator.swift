import Composition
import Graphemes
import SeededRandom

/// Builds mixed-IME sessions of about 20 events for the benchmark, from small inventories
/// of real syllables and words: Pinyin and Zhuyin compositions committed as characters,
/// Hangul syllables, kana conversions, emoji insertions and deletions, pastes, caret moves.
enum SessionGenerator {
    static let pinyin: [(String, String)] = [
        ("zhong guo", "中国"), ("ni hao", "你好"), ("wo men", "我们"), ("shang hai", "上海"), ("bei jing", "北京"),
        ("zhong wen", "中文"), ("xie xie", "谢谢"), ("dian nao", "电脑"),
    ]
    static let zhuyin: [(String, String)] = [("ㄨㄤˊ", "王"), ("ㄋㄧˇ ㄏㄠˇ", "你好"), ("ㄓㄨㄥ ㄨㄣˊ", "中文"), ("ㄊㄞˊ ㄨㄢ", "臺灣")]
    static let hangul: [[String]] = [["ㅎ", "하", "한"], ["ㄱ", "그", "글"], ["ㅇ", "아", "안"], ["ㄴ", "녀", "녕"]]
    static let kana: [(String, String)] = [("にほんご", "日本語"), ("かなかんじ", "仮名漢字"), ("らーめん", "ラーメン")]
    static let emoji = ["😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "1️⃣", "❤️‍🔥", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "✅"]
    static let words = ["hello", "the", "input", "field", "test"]

    static func session(index: Int, rng: inout SplitMix64) -> Session {
        var events: [SessionEvent] = []
        var length = 0  // UTF-16 length of the text so far, to keep ranges valid
        while events.count < 20 {
            switch rng.next() % 7 {
            case 0, 1:
                let (letters, characters) = rng.pick(pinyin)
                events += compose(letters, commit: characters)
                length += characters.utf16.count
            case 2:
                let (bopomofo, characters) = rng.pick(zhuyin)
                events += compose(bopomofo, commit: characters)
                length += characters.utf16.count
            case 3:
                for syllable in rng.pick(hangul) {
                    events.append(.setMarkedText(UTF16Text(syllable), selectedRange: .caret(at: 1)))
                }
                events.append(.insertText(UTF16Text(rng.pick(hangul).last ?? "한")))
                length += 1
            case 4:
                let (reading, kanji) = rng.pick(kana)
                events += compose(reading, commit: kanji)
                length += kanji.utf16.count
            case 5:
                let symbol = rng.pick(emoji)
                events.append(.insertText(UTF16Text(symbol)))
                length += symbol.utf16.count
                if rng.next() % 2 == 0 {
                    events.append(.deleteBackward)
                    length -= symbol.utf16.count
                }
            default:
                let word = rng.pick(words)
                if length > 0, rng.next() % 2 == 0 {
                    events.append(.setSelection(UTF16Range(location: 0, length: 1)))
                    events.append(.replace(UTF16Range(location: 0, length: 1), UTF16Text(word)))
                    length += word.utf16.count - 1
                } else {
                    events.append(.insertText(UTF16Text(word)))
                    length += word.utf16.count
                }
            }
        }
        return Session(
            id: "generated-\(index)", ime: .other, source: .init(kind: .authored, detail: "replay-benchmark generator"),
            initial: FieldState(text: .empty), events: events)
    }

    /// Letter-by-letter marked text, then the commit.
    private static func compose(_ reading: String, commit: String) -> [SessionEvent] {
        SessionEvent.composing(UTF16Text(reading), commit: UTF16Text(commit))
    }
}
