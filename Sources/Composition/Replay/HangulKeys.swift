import Graphemes

/// What a Korean keyboard's key did to the syllable being composed, worked out from the
/// syllable before and after it (a recording holds the preedits, not always the keys):
/// the jamo the key typed, or that it was Backspace. Unicode's answers through ICU: the
/// syllables' compatibility decompositions (NFKD) and the jamo's names.
enum HangulKey: Equatable {
    /// A key that typed `jamo`, a compatibility letter (ㅍ), one UTF-16 unit.
    case typed(UTF16Text)
    /// Backspace, which took the last jamo off.
    case backspace
    /// Neither can be told (a compound vowel built or taken apart, 오 ↔ 와, keeps the count
    /// of jamo): presented as the syllable replaced.
    case unknown

    /// The key that turned `before` (nothing: a new syllable) into `after`.
    init(from before: UTF16Text?, to after: UTF16Text) {
        guard let before, !before.isEmpty else {
            self = after.isEmpty ? .unknown : .typed(Self.letter(endingWith: after))
            return
        }
        guard !after.isEmpty else {
            self = .backspace
            return
        }
        let (was, now) = (before.nfkd, after.nfkd)
        if now.length != was.length {
            self = now.length > was.length ? .typed(Self.letter(endingWith: after)) : .backspace
            return
        }
        // The same count of jamo: a double final consonant built (달 → 닭: RIEUL becomes
        // RIEUL-KIYEOK) or taken apart, told by the last jamo's name.
        let (last, next) = (Self.lastJamoName(was), Self.lastJamoName(now))
        if next.count > last.count, next.hasPrefix(last + "-") {
            self = .typed(Self.letter(endingWith: after))
        } else if last.count > next.count, last.hasPrefix(next + "-") {
            self = .backspace
        } else {
            self = .unknown
        }
    }

    /// The name of the last code point of `text`.
    private static func lastJamoName(_ text: UTF16Text) -> String {
        guard let scalar = String(decoding: text.units, as: UTF16.self).unicodeScalars.last else { return "" }
        return CodePointProperties(scalar).name
    }

    /// The compatibility letter of the last jamo of `syllable` (한 → ㄴ, 푸 → ㅜ): what the
    /// key typed shows as on its own. A conjoining jamo's name ("HANGUL JONGSEONG NIEUN")
    /// names its letter ("HANGUL LETTER NIEUN"); anything else stands for itself.
    static func letter(endingWith syllable: UTF16Text) -> UTF16Text {
        let decomposed = String(decoding: syllable.nfd.units, as: UTF16.self)
        guard let last = decomposed.unicodeScalars.last else { return syllable }
        let name = CodePointProperties(last).name
        for position in ["HANGUL CHOSEONG ", "HANGUL JUNGSEONG ", "HANGUL JONGSEONG "] where name.hasPrefix(position) {
            if let letter = CodePointProperties(named: "HANGUL LETTER " + name.dropFirst(position.count)),
                let scalar = Unicode.Scalar(letter.codePoint)
            {
                return UTF16Text(scalar)
            }
        }
        return UTF16Text(last)
    }
}
