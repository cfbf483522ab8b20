/// The lengths of a text in every unit a rule might count in.
///
/// A "20 character" limit means a different thing to `NSString.length` (UTF-16),
/// `unicodeScalars.count`, Swift's `String.count` (graphemes), a byte-limited
/// database column (UTF-8) and a terminal or fixed-width layout (columns).
package struct TextMetrics: Hashable, Sendable {
    /// UTF-16 code units (`NSString.length`, `NSRange`).
    package var utf16: Int
    /// Unicode scalars; a lone surrogate counts as one.
    package var scalars: Int
    /// Extended grapheme clusters (UAX #29, via ICU).
    package var graphemes: Int
    /// UTF-8 bytes; a lone surrogate counts as the 3 bytes of U+FFFD, the most a
    /// conversion to UTF-8 would write for it.
    package var utf8Bytes: Int
    /// Display columns: 2 for an emoji cluster or one whose first scalar is East
    /// Asian Wide or Fullwidth (UAX #11), 0 for a cluster of controls, format
    /// characters or marks alone, 1 otherwise. Ambiguous-width characters count
    /// as 1, as outside East Asian legacy contexts.
    package var displayColumns: Int

    package init(utf16: Int, scalars: Int, graphemes: Int, utf8Bytes: Int, displayColumns: Int) {
        self.utf16 = utf16
        self.scalars = scalars
        self.graphemes = graphemes
        self.utf8Bytes = utf8Bytes
        self.displayColumns = displayColumns
    }
}

/// A unit to measure text in; the names are those used by rule specs and reports.
public enum TextUnit: String, Sendable, CaseIterable, Codable {
    /// UTF-16 code units: `NSString.length`, `UITextField`'s own ranges.
    case utf16
    /// Unicode scalars: `String.unicodeScalars.count`.
    case scalars
    /// Extended grapheme clusters (UAX #29, ICU's rules): what a user sees as characters.
    case graphemes
    /// UTF-8 bytes.
    case utf8 = "utf8"
    /// Display columns: East Asian wide characters and emoji take two.
    case columns

    /// Whether a text's length in this unit is never more than its length in UTF-16 units
    /// (scalars and grapheme clusters; UTF-8 bytes and columns may be more).
    package var neverOutnumbersUTF16: Bool { self == .utf16 || self == .scalars || self == .graphemes }

    /// The length of `metrics` in this unit.
    package func count(in metrics: TextMetrics) -> Int {
        switch self {
        case .utf16: metrics.utf16
        case .scalars: metrics.scalars
        case .graphemes: metrics.graphemes
        case .utf8: metrics.utf8Bytes
        case .columns: metrics.displayColumns
        }
    }
}

extension UTF16Text {
    /// The text's lengths in every unit.
    package var metrics: TextMetrics {
        var scalars = 0
        var utf8Bytes = 0
        for element in decodedUnits {
            scalars += 1
            switch element {
            case .scalar(let scalar): utf8Bytes += UTF8.width(scalar)
            case .loneSurrogate: utf8Bytes += 3
            }
        }
        var graphemes = 0
        var columns = 0
        GraphemeSegmenter.withSegmenter { segmenter in
            units.withUnsafeBufferPointer { buffer in
                segmenter.forEachCluster(in: buffer) { range in
                    graphemes += 1
                    columns += Self.columns(of: UnsafeBufferPointer(rebasing: buffer[range.bounds]))
                }
            }
        }
        return TextMetrics(
            utf16: length, scalars: scalars, graphemes: graphemes, utf8Bytes: utf8Bytes,
            displayColumns: columns)
    }

    /// The display columns of one grapheme cluster (see ``TextMetrics/displayColumns``).
    static func columns(of cluster: UnsafeBufferPointer<UInt16>) -> Int {
        if ClusterClassifier.classify(cluster).clusterClass == .emoji { return 2 }
        var offset = 0
        var allZeroWidth = true
        var first: ScalarClassInfo?
        while offset < cluster.count {
            let element = decode(cluster, at: offset)
            let info = ScalarClassInfo.of(element.codePoint)
            if first == nil { first = info }
            allZeroWidth = allZeroWidth && info.isZeroWidth
            offset += element.utf16Length
        }
        if allZeroWidth { return 0 }
        return first?.isWide == true ? 2 : 1
    }
}

extension UTF16Text {
    /// The text's length in `unit`, measuring only what that unit needs.
    package func length(in unit: TextUnit) -> Int {
        switch unit {
        case .utf16: length
        case .scalars: length - surrogatePairCount
        case .graphemes: graphemeCount
        case .utf8, .columns: unit.count(in: metrics)
        }
    }

    /// Whether the text is longer than `limit` in `unit`. Scalars and graphemes never
    /// outnumber UTF-16 units, so a text of at most `limit` units is answered without
    /// segmenting it.
    package func exceeds(_ limit: Int, in unit: TextUnit) -> Bool {
        if length <= limit, unit.neverOutnumbersUTF16 { return false }
        return self.length(in: unit) > limit
    }

    /// How many well-formed surrogate pairs the text holds.
    private var surrogatePairCount: Int {
        var pairs = 0
        var index = 1
        while index < units.count {
            if UTF16.isTrailSurrogate(units[index]), UTF16.isLeadSurrogate(units[index - 1]) {
                pairs += 1
                index += 2
            } else {
                index += 1
            }
        }
        return pairs
    }
}
