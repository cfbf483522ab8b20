import Graphemes
import SeededRandom

/// A named benchmark text.
struct Corpus {
    var name: String
    var text: String
    var utf16: [UInt16]

    init(name: String, text: String) {
        self.name = name
        self.text = text
        self.utf16 = Array(text.utf16)
    }

    var utf8Bytes: Int { text.utf8.count }
}

/// Sample writing in each script, assembled at random into corpora of a given size.
enum CorpusBuilder {
    static let english = [
        "The quick brown fox jumps over the lazy dog. ",
        "Text fields have rules, and the code people copy for them is wrong in ways nobody tests. ",
        "Please enter at most twenty characters; digits only, no spaces. ",
        "It was the best of times, it was the worst of times, it was the age of wisdom. ",
        "Version 2.4.1 fixed the crash when pasting over a selection.\n",
    ]
    static let chinese = [
        "中华人民共和国成立于一九四九年。", "我们在输入框里限制了二十个字符，可是拼音还没有选字就被截断了。",
        "王小明的名字里有一个生僻字𠮷，还有𠀀和𪚥。", "今天天气很好，我们去公园散步吧！", "「你好」，他说，「我是臺灣人。」\n",
        "計算機科學與技術，軟體工程。", "𡃁仔同𨋢都係粵語字。",
    ]
    static let japanese = [
        "日本語の入力は、かな漢字変換で行います。", "カタカナとひらがな、そして漢字。ｶﾀｶﾅも半角で。", "吉野家の𠮷は土の吉です。\n",
    ]
    static let korean = ["한국어 입력은 자모를 조합해서 음절을 만듭니다. ", "안녕하세요, 반갑습니다! ", "ᄒᆞᆫ글 옛한글도 있습니다.\n"]
    static let devanagari = [
        "नमस्ते, आप कैसे हैं? ", "हिन्दी भारत की राजभाषा है। ", "क्षत्रिय और ज्ञान जैसे संयुक्ताक्षर। ",
        "स्वतंत्रता दिवस पर शुभकामनाएँ।\n",
    ]
    static let combining = [
        "Cafe\u{301} na\u{308}ive re\u{301}sume\u{301}. ", "Tiếng Việt có nhiều dấu. ",
        "Z\u{351}\u{36B}\u{343}a\u{30A}\u{342}l\u{35B}\u{314}g\u{30C}o\u{307} text. ",
    ]
    static let chat = [
        "lol ", "ok ", "see you tomorrow ", "哈哈 ", "好的 ", "what?! ", "omg ", "\n", "😂😂 ", "谢谢 ", "ありがとう ",
    ]

    /// The corpora of the benchmark, each about `bytes` UTF-8 bytes long.
    ///
    /// - Parameter emoji: RGI emoji by sequence type (from emoji-test.txt).
    static func all(bytes: Int, emoji: [EmojiSequenceType: [String]]) -> [Corpus] {
        let flags = emoji[.flag, default: []]
        let zwj = emoji[.zwj, default: []]
        let every = EmojiSequenceType.allCases.flatMap { emoji[$0, default: []] }
        let emojiPhrases = every.map { $0 + " " }
        let mixed: [[String]] = [
            english, chinese, japanese, korean, devanagari, combining, zwj.map { $0 + " " }, flags, emojiPhrases,
        ]
        return [
            build("mixed", bytes: bytes, seed: 1) { rng in rng.pick(rng.pick(mixed)) },
            build("English", bytes: bytes, seed: 2) { rng in rng.pick(english) },
            build("Chinese", bytes: bytes, seed: 3) { rng in rng.pick(chinese) },
            build("emoji chat", bytes: bytes, seed: 4) { rng in
                rng.next() % 2 == 0 ? rng.pick(chat) : rng.pick(every) + (rng.next() % 3 == 0 ? rng.pick(every) : "")
            },
            build("Devanagari", bytes: bytes, seed: 5) { rng in rng.pick(devanagari) },
        ]
    }

    private static func build(_ name: String, bytes: Int, seed: UInt64, next: (inout SplitMix64) -> String) -> Corpus {
        var rng = SplitMix64(seed: seed)
        var text = ""
        text.reserveCapacity(bytes + 64)
        while text.utf8.count < bytes { text += next(&rng) }
        return Corpus(name: name, text: text)
    }
}
