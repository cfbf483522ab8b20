/// What the classifier needs to know about one scalar, worked out from ICU.
struct ScalarClassInfo: Hashable, Sendable {
    /// The classification of a cluster made of this scalar alone.
    var alone: ClusterClassification
    /// The class of a longer cluster that starts with this scalar and is not an RGI emoji.
    var asBase: ClusterClass
    /// Whether a cluster starting with this scalar can be an RGI emoji (it has `Emoji`).
    var isEmojiCandidate: Bool
    /// Whether the scalar is East_Asian_Width Wide or Fullwidth (two columns).
    var isWide: Bool
    /// Whether the scalar takes no column of its own (controls, format characters, marks).
    var isZeroWidth: Bool
    var graphemeClusterBreak: GraphemeClusterBreak
    var generalCategory: GeneralCategory
    var binary: BinaryProperties
    /// Whether the scalar can be part of a broken spot (see ``BrokenSpot``): a regional
    /// indicator, a skin tone, a combining mark, or an emoji format character (ZWJ, tags).
    var canBreak: Bool

    /// Asks ICU about `codePoint` (a surrogate value stands for a lone surrogate).
    init(codePoint: UInt32) {
        let properties = CodePointProperties(codePoint: codePoint)
        asBase = ClusterClassifier.baseClass(of: properties)
        isEmojiCandidate = properties.binary.contains(.emoji)
        isWide = properties.eastAsianWidth == .wide || properties.eastAsianWidth == .fullwidth
        graphemeClusterBreak = properties.graphemeClusterBreak
        generalCategory = properties.generalCategory
        binary = properties.binary
        canBreak =
            binary.contains(.regionalIndicator) || binary.contains(.emojiModifier) || generalCategory.isMark
            || (generalCategory == .format && binary.contains(.emojiComponent))
        let category = properties.generalCategory
        isZeroWidth =
            category == .control || category == .format || category == .nonspacingMark
            || category == .enclosingMark
        alone = ClusterClassification(asBase)
        if isEmojiCandidate, !properties.binary.contains(.emojiComponent) {
            let units = UTF16Text.encodedUnits(of: codePoint)
            if let type = units.withUnsafeBufferPointer({ EmojiSequenceType.of($0) }) {
                alone = ClusterClassification(.emoji, emoji: type)
            }
        }
    }

    /// The information for `codePoint`: from the tables (planes 0–3, and the tags and
    /// variation selectors of plane 14), else from ICU.
    static func of(_ codePoint: UInt32) -> ScalarClassInfo {
        if codePoint < ScalarTable.limit { return ScalarTable.entries[Int(codePoint)] }
        if ScalarTable.supplementRange.contains(codePoint) {
            return ScalarTable.supplement[Int(codePoint - ScalarTable.supplementRange.lowerBound)]
        }
        return ScalarClassInfo(codePoint: codePoint)
    }
}

/// ``ScalarClassInfo`` for every code point of planes 0–3 (the BMP, with lone surrogates;
/// the plane of almost all emoji; the CJK extensions B–H) and for the start of plane 14
/// (the tag characters of subdivision flags and the variation selectors supplement),
/// built from ICU on first use: 266K lookups, some 30 ms, once per process.
///
/// The entries are kept in memory that is written once, during the thread-safe
/// initialisation of a static constant, and only read afterwards; holding them
/// behind a plain pointer keeps the per-cluster lookup free of reference counting.
enum ScalarTable {
    static let limit: UInt32 = 0x40000
    /// Plane 14's assigned characters: tags (U+E0000…) and variation selectors (…U+E01EF).
    static let supplementRange: Range<UInt32> = 0xE0000..<0xE1000

    nonisolated(unsafe) static let entries = build(0..<limit)
    nonisolated(unsafe) static let supplement = build(supplementRange)

    /// ``ScalarClassInfo/canBreak`` of each BMP code point, 64 to a word, taken from
    /// ``entries``: replay asks it of every unit an edit touches, where reading a whole
    /// entry cost several times more.
    nonisolated(unsafe) static let canBreakBits: UnsafeBufferPointer<UInt64> = {
        let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 0x10000 / 64)
        words.initialize(repeating: 0)
        for codePoint in 0..<0x10000 where entries[codePoint].canBreak {
            words[codePoint >> 6] |= 1 << UInt64(codePoint & 63)
        }
        return UnsafeBufferPointer(words)
    }()

    private static func build(_ range: Range<UInt32>) -> UnsafeBufferPointer<ScalarClassInfo> {
        let buffer = UnsafeMutableBufferPointer<ScalarClassInfo>.allocate(capacity: range.count)
        for codePoint in range {
            (buffer.baseAddress! + Int(codePoint - range.lowerBound)).initialize(
                to: ScalarClassInfo(codePoint: codePoint))
        }
        return UnsafeBufferPointer(buffer)
    }
}

extension UTF16Text {
    /// The UTF-16 units of a code point (a surrogate value gives that one unit).
    static func encodedUnits(of codePoint: UInt32) -> [UInt16] {
        if let scalar = Unicode.Scalar(codePoint) { return Array(scalar.utf16) }
        return [UInt16(truncatingIfNeeded: codePoint)]
    }
}
