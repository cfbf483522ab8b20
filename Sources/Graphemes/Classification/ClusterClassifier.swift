/// Classifies grapheme clusters from ICU's properties alone.
///
/// The decision, in order:
/// 1. A cluster whose first scalar has `Emoji` and which as a whole is an RGI emoji
///    (UTS #51 `RGI_Emoji`, asked of ICU for the whole cluster) is ``ClusterClass/emoji``
///    with its sequence type, unless it is a single `Emoji_Component` (a skin tone or
///    hair component on its own).
/// 2. A cluster starting with a non-ASCII `Emoji_Component` is
///    ``ClusterClass/emojiComponent`` (the digits, `#` and `*` are components too,
///    but emoji-test.txt excludes ASCII from the components, and so do we).
/// 3. Otherwise the first scalar decides: White_Space, then the General_Category
///    (Cc/Cf control, Cn unassigned, Co/Cs other, Nd digit), then for letters, marks,
///    letter numbers and modifier symbols the Script — or, for Common and Inherited
///    characters, the Script_Extensions when they name exactly one script (UAX #24) —
///    picks han, bopomofo, hiragana, katakana or hangul; then the remaining
///    General_Category groups.
///
/// The scalars of planes 0–3 and plane 14's tags are classified once, on first use, into tables
/// built from the same ICU answers (``ScalarTable``), so the common case costs one load.
package enum ClusterClassifier {
    /// Classifies the cluster made of `units` (normally one grapheme cluster).
    package static func classify(_ units: UnsafeBufferPointer<UInt16>) -> ClusterClassification {
        classify(units) { EmojiSequenceType.of($0) }
    }

    /// Classifies `units`, asking `emojiType` for the type of multi-scalar emoji candidates.
    @inline(__always)
    static func classify(
        _ units: UnsafeBufferPointer<UInt16>, emojiType: (UnsafeBufferPointer<UInt16>) -> EmojiSequenceType?
    ) -> ClusterClassification {
        guard let first = units.first else { return ClusterClassification(.other) }
        var scalarLength = 1
        var codePoint = UInt32(first)
        if units.count > 1, UTF16.isLeadSurrogate(first), UTF16.isTrailSurrogate(units[1]) {
            codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (UInt32(units[1]) - 0xDC00)
            scalarLength = 2
        }
        let info = ScalarClassInfo.of(codePoint)
        if units.count == scalarLength { return info.alone }
        if info.isEmojiCandidate, let type = emojiType(units) {
            return ClusterClassification(.emoji, emoji: type)
        }
        return ClusterClassification(info.asBase)
    }

    /// Classifies `text` taken as one cluster.
    package static func classify(_ text: UTF16Text) -> ClusterClassification {
        text.units.withUnsafeBufferPointer { classify($0) }
    }

    /// The class of the scalar with the given properties when it starts a cluster
    /// that is not an RGI emoji (rules 2 and 3 above).
    static func baseClass(of properties: CodePointProperties) -> ClusterClass {
        let category = properties.generalCategory
        if properties.binary.contains(.emojiComponent), properties.codePoint >= 0x80,
            category != .surrogate
        {
            return .emojiComponent
        }
        if properties.binary.contains(.whiteSpace) || category.isSeparator { return .whitespace }
        switch category {
        case .control, .format: return .control
        case .unassigned: return .unassigned
        case .privateUse, .surrogate: return .other
        case .decimalNumber: return .digit
        default: break
        }
        if category.isLetter || category.isMark || category == .letterNumber || category == .modifierSymbol,
            let cjk = cjkClass(of: properties)
        {
            return cjk
        }
        if category.isLetter || category == .letterNumber { return .letter }
        if category.isMark { return .mark }
        if category.isPunctuation { return .punctuation }
        return .symbol
    }

    /// The CJK class named by the scalar's script, or by its only script extension.
    private static func cjkClass(of properties: CodePointProperties) -> ClusterClass? {
        var script = properties.script
        if script == .common || script == .inherited {
            let extensions = properties.scriptExtensions
            guard extensions.count == 1 else { return nil }
            script = extensions[0]
        }
        switch script {
        case .han: return .han
        case .bopomofo: return .bopomofo
        case .hiragana: return .hiragana
        case .katakana: return .katakana
        case .hangul: return .hangul
        default: return nil
        }
    }
}

extension UTF16Text {
    /// The text's grapheme clusters, each with its classification.
    package var clusters: [GraphemeCluster] {
        var result: [GraphemeCluster] = []
        forEachCluster { result.append($0) }
        return result
    }

    /// Calls `body` with each grapheme cluster and its classification, in order, keeping none.
    package func forEachCluster(_ body: (GraphemeCluster) -> Void) {
        GraphemeSegmenter.withSegmenter { segmenter in
            units.withUnsafeBufferPointer { buffer in segmenter.forEachClassifiedCluster(in: buffer, body) }
        }
    }
}
