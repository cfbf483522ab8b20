/// What the classifier needs to know about one scalar, worked out from ICU once.
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

    init(codePoint: UInt32) {
        let properties = CodePointProperties(codePoint: codePoint)
        asBase = ClusterClassifier.baseClass(of: properties)
        isEmojiCandidate = properties.binary.contains(.emoji)
        isWide = properties.eastAsianWidth == .wide || properties.eastAsianWidth == .fullwidth
        let category = properties.generalCategory
        isZeroWidth =
            category == .control || category == .format || category == .nonspacingMark
            || category == .enclosingMark
        alone = ClusterClassification(asBase)
        if isEmojiCandidate, !properties.binary.contains(.emojiComponent) {
            var units = UTF16Text.encodedUnits(of: codePoint)
            if let type = units.withUnsafeBufferPointer({ EmojiSequenceType.of($0) }) {
                alone = ClusterClassification(.emoji, emoji: type)
            }
            units.removeAll()
        }
    }
}

/// ``ScalarClassInfo`` for every UTF-16 code unit taken as a scalar (lone surrogates included),
/// built from ICU on first use: 64K lookups, a few milliseconds, once per process.
struct BMPTable: Sendable {
    static let shared = BMPTable()

    private let alones: [ClusterClassification]
    private let infos: [ScalarClassInfo]

    private init() {
        var infos: [ScalarClassInfo] = []
        infos.reserveCapacity(0x10000)
        for unit in 0...0xFFFF { infos.append(ScalarClassInfo(codePoint: UInt32(unit))) }
        self.infos = infos
        self.alones = infos.map(\.alone)
    }

    func info(_ unit: UInt16) -> ScalarClassInfo { infos[Int(unit)] }

    func alone(_ unit: UInt16) -> ClusterClassification { alones[Int(unit)] }
}

extension UTF16Text {
    /// The UTF-16 units of a code point (a surrogate value gives that one unit).
    static func encodedUnits(of codePoint: UInt32) -> [UInt16] {
        if let scalar = Unicode.Scalar(codePoint) { return Array(scalar.utf16) }
        return [UInt16(truncatingIfNeeded: codePoint)]
    }
}
