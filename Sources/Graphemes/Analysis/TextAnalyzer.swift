/// A text's lengths in the three units a delegate's length check may use.
package struct TextLengths: Hashable, Sendable, CustomStringConvertible {
    package var utf16: Int
    package var scalars: Int
    package var graphemes: Int

    package init(utf16: Int, scalars: Int, graphemes: Int) {
        self.utf16 = utf16
        self.scalars = scalars
        self.graphemes = graphemes
    }

    /// Measures `text` (ICU is asked only when a scalar's Grapheme_Cluster_Break is not Other).
    package init(measuring text: UTF16Text) {
        let scalars = text.decodedUnits.count
        self.init(utf16: text.length, scalars: scalars, graphemes: text.graphemeCount)
    }

    /// `utf16/scalars/graphemes`, e.g. `3/3/3`.
    package var description: String { "\(utf16)/\(scalars)/\(graphemes)" }
}

/// A place where text is visibly broken: what is left when a string is cut at a UTF-16
/// offset, or a grapheme cluster is split (UAX #29, UTS #51).
package enum BrokenSpot: Hashable, Sendable, CustomStringConvertible {
    /// A surrogate unit without its partner.
    case loneSurrogate(offset: Int)
    /// A ZWJ with no emoji before it, or ending an emoji sequence with nothing joined after it.
    case orphanJoiner(cluster: UTF16Range)
    /// A regional indicator that is not half of a flag.
    case loneRegionalIndicator(cluster: UTF16Range)
    /// A skin tone modifier with no base.
    case loneModifier(cluster: UTF16Range)
    /// A combining mark with no base.
    case detachedMark(cluster: UTF16Range)
    /// Tag characters after a black flag that do not form an RGI tag sequence.
    case incompleteTagSequence(cluster: UTF16Range)

    /// Whether this is a surrogate without its partner (a cut between two code units).
    package var isLoneSurrogate: Bool {
        if case .loneSurrogate = self { return true }
        return false
    }

    package var description: String {
        switch self {
        case .loneSurrogate(let offset): "lone surrogate at \(offset)"
        case .orphanJoiner(let cluster): "orphan ZWJ in \(cluster)"
        case .loneRegionalIndicator(let cluster): "lone regional indicator at \(cluster)"
        case .loneModifier(let cluster): "skin tone without a base at \(cluster)"
        case .detachedMark(let cluster): "combining mark without a base at \(cluster)"
        case .incompleteTagSequence(let cluster): "incomplete tag sequence at \(cluster)"
        }
    }
}

/// Segments and measures many short texts quickly: the replay engine's view of text.
///
/// Segments with `GraphemeScanner`; where the scanner does not model the ICU in use,
/// with one reused ICU break iterator, remembering the last texts it segmented (a replay
/// asks about the same text once per profile). A class, for that memory and the last
/// broken spots; use one per thread.
package final class TextAnalyzer {
    private let segmenter: GraphemeSegmenter
    /// The last texts segmented by ICU and their boundaries, most recent first.
    private var remembered: [(text: UTF16Text, boundaries: [Int])] = []
    private var lastSpots: (text: UTF16Text, spots: [BrokenSpot])?
    private static let memory = 4

    /// Opens the ICU break iterator the analyzer reuses.
    ///
    /// - Throws: ``ICUError`` when ICU cannot load its break rules.
    package init() throws(ICUError) {
        segmenter = try GraphemeSegmenter()
    }

    /// The grapheme cluster boundaries of `text`, from 0 to its length.
    package func boundaries(of text: UTF16Text) -> [Int] {
        if GraphemeScanner.isAvailable { return text.units.withUnsafeBufferPointer { GraphemeScanner.boundaries($0) } }
        return icuBoundaries(of: text)
    }

    private func icuBoundaries(of text: UTF16Text) -> [Int] {
        if let known = remembered.first(where: { $0.text == text }) { return known.boundaries }
        let boundaries = segmenter.icuBoundaries(of: text)
        if remembered.count == Self.memory { remembered.removeLast() }
        remembered.insert((text, boundaries), at: 0)
        return boundaries
    }

    /// The lengths of `text` in UTF-16 units, scalars and grapheme clusters.
    package func lengths(of text: UTF16Text) -> TextLengths {
        let units = text.units
        var scalars = units.count
        for unit in units where unit & 0xFC00 == 0xDC00 { scalars -= 1 }
        // A trail surrogate counts only after a lead: add back the lone ones.
        if scalars != units.count {
            for (index, unit) in units.enumerated() where unit & 0xFC00 == 0xDC00 {
                if index == 0 || units[index - 1] & 0xFC00 != 0xD800 { scalars += 1 }
            }
        }
        let graphemes =
            GraphemeScanner.isAvailable
            ? units.withUnsafeBufferPointer { GraphemeScanner.count($0) } : boundaries(of: text).count - 1
        return TextLengths(utf16: units.count, scalars: scalars, graphemes: graphemes)
    }

    /// Whether `offset` is a grapheme cluster boundary of `text`.
    ///
    /// The two scalars around it decide most offsets (``localBoundary(_:at:)``). The rest
    /// (inside emoji sequences, flags, Indic conjuncts) need the text before: a text of a
    /// field's size is scanned from its start with `GraphemeScanner`, several times
    /// faster there than setting up ICU's iterator; a longer one is left to ICU, which
    /// looks back only as far as it must.
    package func isBoundary(_ offset: Int, in text: UTF16Text) -> Bool {
        if offset <= 0 || offset >= text.length { return true }
        if let local = Self.localBoundary(text, at: offset) { return local }
        if GraphemeScanner.isAvailable, text.length <= Self.scannedFromStart {
            var boundary = false
            text.units.withUnsafeBufferPointer { units in
                GraphemeScanner.forEachClusterStart(units) { start in if start == offset { boundary = true } }
            }
            return boundary
        }
        return segmenter.isBoundary(offset, in: text)
    }

    /// The longest text ``isBoundary(_:in:)`` scans from its start.
    static let scannedFromStart = 256

    /// The broken spots of `text`, in order.
    package func brokenSpots(in text: UTF16Text) -> [BrokenSpot] {
        // Every kind of broken spot involves a lone surrogate or a scalar that can break
        // (a regional indicator, skin tone, mark, ZWJ or tag): text without them has none.
        if !Self.mayHaveBrokenSpots(text) { return [] }
        if let lastSpots, lastSpots.text == text { return lastSpots.spots }
        var spots: [BrokenSpot] = []
        let boundaries = boundaries(of: text)
        text.units.withUnsafeBufferPointer { buffer in
            for index in 1..<max(1, boundaries.count) {
                let range = UTF16Range(boundaries[index - 1]..<boundaries[index])
                Self.inspect(UnsafeBufferPointer(rebasing: buffer[range.bounds]), at: range, into: &spots)
            }
        }
        lastSpots = (text, spots)
        return spots
    }

    /// Adds the broken spots of one cluster.
    private static func inspect(
        _ cluster: UnsafeBufferPointer<UInt16>, at range: UTF16Range, into spots: inout [BrokenSpot]
    ) {
        let first = UTF16Text.decode(cluster, at: 0)
        if case .loneSurrogate = first {
            spots.append(.loneSurrogate(offset: range.location))
            return
        }
        let info = ScalarClassInfo.of(first.codePoint)
        let single = first.utf16Length == cluster.count
        if first.codePoint == 0x200D {
            spots.append(.orphanJoiner(cluster: range))
        } else if info.binary.contains(.regionalIndicator) {
            if single { spots.append(.loneRegionalIndicator(cluster: range)) }
        } else if info.binary.contains(.emojiModifier) {
            spots.append(.loneModifier(cluster: range))
        } else if info.generalCategory.isMark {
            spots.append(.detachedMark(cluster: range))
        } else if info.binary.contains(.extendedPictographic), !single {
            if cluster.last == 0x200D {
                spots.append(.orphanJoiner(cluster: range))
            } else if cluster.count >= 2, UTF16.isTrailSurrogate(cluster[cluster.count - 1]),
                isTag(UTF16Text.decode(cluster, at: cluster.count - 2)), EmojiSequenceType.of(cluster) == nil
            {
                spots.append(.incompleteTagSequence(cluster: range))
            }
        }
        var offset = first.utf16Length
        while offset < cluster.count {
            let element = UTF16Text.decode(cluster, at: offset)
            if case .loneSurrogate = element { spots.append(.loneSurrogate(offset: range.location + offset)) }
            offset += element.utf16Length
        }
    }

    /// Whether a scalar is a tag character: a supplementary format character that is an
    /// Emoji_Component (UTS #51 ED-14c; the BMP's one such character is ZWJ).
    private static func isTag(_ element: DecodedUnit) -> Bool {
        guard element.codePoint > 0xFFFF else { return false }
        let info = ScalarClassInfo.of(element.codePoint)
        return info.generalCategory == .format && info.binary.contains(.emojiComponent)
    }

    /// Whether `offset` is a grapheme boundary, decided from the two scalars around it by
    /// the pair rules GB3–GB9b (``SegmentationTable/pairs``); `nil` when the rules that
    /// look further back (GB11, GB12/GB13, ICU's Indic conjunct rule) may decide.
    static func localBoundary(_ text: UTF16Text, at offset: Int) -> Bool? {
        let units = text.units
        guard offset > 0, offset < units.count else { return nil }
        if UTF16.isTrailSurrogate(units[offset]), UTF16.isLeadSurrogate(units[offset - 1]) { return false }
        var start = offset - 1
        if UTF16.isTrailSurrogate(units[start]), start > 0, UTF16.isLeadSurrogate(units[start - 1]) { start -= 1 }
        let table = SegmentationTable.shared
        let before = table.word(UTF16Text.decode(units, at: start).codePoint) & SegmentationTable.gcbMask
        let after = table.word(UTF16Text.decode(units, at: offset).codePoint) & SegmentationTable.gcbMask
        switch SegmentationTable.pairs[Int(before) * 32 + Int(after)] {
        case SegmentationTable.breaks: return true
        case SegmentationTable.joins: return false
        default: return nil
        }
    }

    /// Whether editing `old` into `new` can have added a broken spot; `false` means it cannot.
    ///
    /// A broken spot always involves a lone surrogate or a scalar that can break (see
    /// ``ScalarClassInfo/canBreak``). Outside the changed stretch the text is the same, so a
    /// new spot needs such a unit in the removed or inserted stretch, just after it (which
    /// may now start a cluster: a modifier, a regional indicator re-paired), or, when
    /// something was removed, just before it (which may now end one: a trailing ZWJ).
    ///
    /// The two texts share `ends` (``UnchangedEnds``): only the stretch between them is
    /// compared to find the changed one.
    package func editMayBreak(from old: UTF16Text, to new: UTF16Text, sharing ends: UnchangedEnds = .nothing) -> Bool {
        // The table read once (each read of a static constant asks whether it is built yet).
        let bits = ScalarTable.canBreakBits
        return old.units.withUnsafeBufferPointer { a in
            new.units.withUnsafeBufferPointer { b in
                let (known, knownEnd) = (ends.prefix, ends.suffix)
                let prefix =
                    known
                    + UTF16Text.commonPrefix(
                        UnsafeBufferPointer(rebasing: a[known..<(a.count - knownEnd)]),
                        UnsafeBufferPointer(rebasing: b[known..<(b.count - knownEnd)]))
                let suffix =
                    knownEnd
                    + UTF16Text.commonSuffix(
                        UnsafeBufferPointer(rebasing: a[..<(a.count - knownEnd)]),
                        UnsafeBufferPointer(rebasing: b[..<(b.count - knownEnd)]),
                        limit: min(a.count, b.count) - prefix - knownEnd)
                // Widen by a unit each way so a surrogate pair cut by the diff is seen whole.
                let start = max(0, prefix - 1)
                let removed = start..<min(a.count, a.count - suffix + 1)
                let inserted = start..<min(b.count, b.count - suffix + 1)
                if Self.mayBreak(a, in: removed, bits) || Self.mayBreak(b, in: inserted, bits) { return true }
                let after = b.count - suffix
                if after < b.count, Self.mayBreak(b, in: after..<min(b.count, after + 2), bits) { return true }
                if a.count - suffix > prefix, start > 0, Self.mayBreak(a, in: max(0, start - 2)..<start, bits) {
                    return true
                }
                return false
            }
        }
    }

    /// Whether `units[range]` holds a lone surrogate or a scalar that can be part of a
    /// broken spot, `bits` being ``ScalarTable/canBreakBits``.
    private static func mayBreak(
        _ units: UnsafeBufferPointer<UInt16>, in range: Range<Int>, _ bits: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            // A unit of the BMP that is not a surrogate is its own scalar: one bit says.
            let unit = units[offset]
            if !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit) {
                if bits[Int(unit) >> 6] & (1 << UInt64(unit & 63)) != 0 { return true }
                offset += 1
                continue
            }
            let element = UTF16Text.decode(units, at: offset)
            if case .loneSurrogate = element { return true }
            if ScalarClassInfo.of(element.codePoint).canBreak { return true }
            offset += element.utf16Length
        }
        return false
    }

    /// Whether `text` holds a lone surrogate or a scalar that can be part of a broken spot.
    static func mayHaveBrokenSpots(_ text: UTF16Text) -> Bool {
        text.units.withUnsafeBufferPointer { mayBreak($0, in: 0..<$0.count, ScalarTable.canBreakBits) }
    }
}

extension UTF16Text {
    /// The text's broken spots (``TextAnalyzer/brokenSpots(in:)``), with this thread's
    /// analyzer: rules ask this of every text they cut (a fresh analyzer opened an ICU
    /// break iterator each time, 5,000 instructions), and most texts have nothing that can
    /// break, which is answered without one.
    package var brokenSpots: [BrokenSpot] {
        guard TextAnalyzer.mayHaveBrokenSpots(self) else { return [] }
        return TextAnalyzer.perThread.value.brokenSpots(in: self)
    }
}

extension TextAnalyzer {
    /// One analyzer per thread, for ``UTF16Text/brokenSpots``.
    static let perThread = ThreadLocal {
        do {
            return try TextAnalyzer()
        } catch {
            preconditionFailure("\(error)")
        }
    }
}
