/// What a grapheme cluster is, for the purposes of input rules.
///
/// Decided from ICU properties only (see `ClusterClassifier`); the raw values are
/// the stable names used in JSON output and rule specs.
public enum ClusterClass: String, Sendable, CaseIterable, Codable {
    /// A Han ideograph: the URO, Extensions A–H, compatibility ideographs, 〇, 々.
    case han
    /// Bopomofo (Zhuyin) letters, U+3105… and the extended block U+31A0….
    ///
    /// The tone marks ˊ ˇ ˋ ˙ (U+02CA, U+02C7, U+02CB, U+02D9) are Script=Common with
    /// no Script_Extensions in Unicode 15.0, so they classify as ``letter`` and
    /// ``symbol``: a "Zhuyin only" rule must allow them separately.
    case bopomofo
    /// Hiragana.
    case hiragana
    /// Katakana, full- and halfwidth. The prolonged sound mark ー (U+30FC) has the
    /// Script_Extensions {Hiragana, Katakana} and so classifies as ``letter``.
    case katakana
    /// Hangul syllables and jamo, including compatibility jamo.
    case hangul
    /// A complete RGI emoji (UTS #51 `RGI_Emoji`); its ``EmojiSequenceType`` says which kind.
    case emoji
    /// An emoji component on its own: a lone regional indicator, ZWJ, VS16, a skin tone,
    /// a hair component, a tag character, the keycap mark.
    case emojiComponent = "emoji-component"
    /// A decimal digit of any script (General_Category Nd), e.g. 7, ７, ٧, ७.
    case digit
    /// A letter of any other script, or a letter number such as Ⅻ.
    case letter
    /// A combining mark with no base before it.
    case mark
    /// Punctuation of any script (General_Category P*), e.g. 。，!
    case punctuation
    /// A symbol, or a number that is not a decimal digit (², ½, ①). A text-default
    /// pictograph such as ☺ without VS16 is a symbol, not an emoji.
    case symbol
    /// A character with the White_Space property, or a separator.
    case whitespace
    /// A control (Cc) or format (Cf) character, e.g. U+202E RIGHT-TO-LEFT OVERRIDE.
    case control
    /// A code point that is not assigned in ICU's Unicode version.
    case unassigned
    /// A lone surrogate or a private-use character.
    case other
}

/// The kind of an RGI emoji sequence, as UTS #51's data files name them.
public enum EmojiSequenceType: String, Sendable, CaseIterable, Codable {
    /// `Basic_Emoji`: one code point, possibly followed by VS16 (U+FE0F).
    case basic
    /// `Emoji_Keycap_Sequence`: [#*0-9] U+FE0F U+20E3.
    case keycap
    /// `RGI_Emoji_Flag_Sequence`: a pair of regional indicators.
    case flag
    /// `RGI_Emoji_Modifier_Sequence`: a base followed by a skin tone.
    case modifier
    /// `RGI_Emoji_ZWJ_Sequence`: emoji joined by U+200D.
    case zwj
    /// `RGI_Emoji_Tag_Sequence`: a black flag followed by tag characters (subdivision flags).
    case tag

    /// The type field used in `emoji-sequences.txt` and `emoji-zwj-sequences.txt`.
    public var dataFileName: String {
        switch self {
        case .basic: "Basic_Emoji"
        case .keycap: "Emoji_Keycap_Sequence"
        case .flag: "RGI_Emoji_Flag_Sequence"
        case .modifier: "RGI_Emoji_Modifier_Sequence"
        case .zwj: "RGI_Emoji_ZWJ_Sequence"
        case .tag: "RGI_Emoji_Tag_Sequence"
        }
    }

    /// The type named by a data file's type field, e.g. `Basic_Emoji`.
    public init?(dataFileName: String) {
        guard let type = Self.allCases.first(where: { $0.dataFileName == dataFileName }) else { return nil }
        self = type
    }
}

/// The class of one grapheme cluster and, for emoji, the kind of sequence.
public struct ClusterClassification: Hashable, Sendable {
    /// The cluster's class.
    public var clusterClass: ClusterClass
    /// Set exactly when ``clusterClass`` is ``ClusterClass/emoji``.
    public var emoji: EmojiSequenceType?

    /// A classification; `emoji` only for ``ClusterClass/emoji``.
    public init(_ clusterClass: ClusterClass, emoji: EmojiSequenceType? = nil) {
        self.clusterClass = clusterClass
        self.emoji = emoji
    }
}

extension ClusterClassification: CustomStringConvertible {
    /// `han`, or `emoji(zwj)` for emoji.
    public var description: String {
        emoji.map { "emoji(\($0.rawValue))" } ?? clusterClass.rawValue
    }
}

/// A grapheme cluster of a text: where it is and what it is.
public struct GraphemeCluster: Hashable, Sendable {
    /// Where the cluster is, in UTF-16 units.
    public var range: UTF16Range
    /// What the cluster is.
    public var classification: ClusterClassification

    /// A cluster at `range`.
    public init(range: UTF16Range, classification: ClusterClassification) {
        self.range = range
        self.classification = classification
    }
}
