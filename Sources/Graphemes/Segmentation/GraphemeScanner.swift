internal import CICU

/// Extended grapheme cluster boundaries (UAX #29, as ICU 72's grapheme rules tailor it)
/// decided from per-code-point property values, without ICU's break iterator.
///
/// Every rule is decided from a 16-bit word per code point that `SegmentationTable`
/// builds from ICU's property maps at first use (Grapheme_Cluster_Break,
/// Extended_Pictographic, and the classes of ICU's Indic conjunct rule), never from
/// hand-written ranges: the pair rules GB3–GB9b from a table of the two scalars'
/// Grapheme_Cluster_Break values, and the three rules that look further back from a
/// little state carried along — GB11 (a pictograph, Extend*, ZWJ before a pictograph),
/// GB12/GB13 (the parity of the regional indicators in a row) and ICU's rule 9.3
/// (`$LinkingConsonant $ExtCccZwj* $Virama $ExtCccZwj* × $LinkingConsonant`, CLDR's
/// tailoring for Indic aksaras). Runs of ASCII are taken 16 units or bytes at a time.
///
/// ICU's iterator stays the oracle: the conformance runs (GraphemeBreakTest.txt,
/// emoji-test.txt) and a differential test on the fuzzer's hostile text and on the
/// benchmark corpora compare every boundary with it. The scanner models the rules of
/// Unicode 15.0 (ICU 72 and 73); with any other ICU, ``isAvailable`` is `false` and
/// callers use ICU's iterator.
package enum GraphemeScanner {
    /// Whether the scanner models the grapheme rules of the ICU this process runs with.
    package static let isAvailable: Bool = UnicodeVersions.unicode == "15.0"

    /// The number of grapheme clusters in UTF-16 `units` (lone surrogates allowed).
    package static func count(_ units: UnsafeBufferPointer<UInt16>) -> Int {
        var sink = CountingSink()
        scan(units, into: &sink)
        return sink.count
    }

    /// The number of grapheme clusters in valid UTF-8 `bytes`.
    package static func count(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var sink = CountingSink()
        scan(utf8: bytes, into: &sink)
        return sink.count
    }

    /// Calls `body` with the UTF-16 offset where each cluster starts (0 first, when
    /// `units` is not empty), in order.
    package static func forEachClusterStart(_ units: UnsafeBufferPointer<UInt16>, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            scan(units, into: &sink)
        }
    }

    /// Calls `body` with the byte offset where each cluster of valid UTF-8 `bytes` starts.
    package static func forEachClusterStart(utf8 bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = ClosureSink(body: body)
            scan(utf8: bytes, into: &sink)
        }
    }

    /// The boundaries of UTF-16 `units`: 0, every break, and the length (`[0]` when empty).
    package static func boundaries(_ units: UnsafeBufferPointer<UInt16>) -> [Int] {
        var sink = ArraySink(capacity: units.count + 1)
        scan(units, into: &sink)
        if sink.starts.isEmpty { return [0] }
        sink.starts.append(units.count)
        return sink.starts
    }

    /// The boundaries of valid UTF-8 `bytes`, in byte offsets: 0, every break, and the length.
    package static func boundaries(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var sink = ArraySink(capacity: bytes.count + 1)
        scan(utf8: bytes, into: &sink)
        if sink.starts.isEmpty { return [0] }
        sink.starts.append(bytes.count)
        return sink.starts
    }

    // MARK: The scans

    /// Where the scans report cluster starts; runs of ASCII come as one call.
    fileprivate protocol Sink {
        mutating func start(_ offset: Int)
        /// `count` clusters of one unit each, starting at `offset`.
        mutating func run(_ offset: Int, _ count: Int)
    }

    fileprivate struct CountingSink: Sink {
        var count = 0
        @inline(__always) mutating func start(_ offset: Int) { count += 1 }
        @inline(__always) mutating func run(_ offset: Int, _ count: Int) { self.count += count }
    }

    fileprivate struct ArraySink: Sink {
        var starts: [Int] = []
        init(capacity: Int) { starts.reserveCapacity(capacity) }
        @inline(__always) mutating func start(_ offset: Int) { starts.append(offset) }
        @inline(__always) mutating func run(_ offset: Int, _ count: Int) {
            starts.append(contentsOf: offset..<(offset + count))
        }
    }

    fileprivate struct ClosureSink: Sink {
        let body: (Int) -> Void
        @inline(__always) mutating func start(_ offset: Int) { body(offset) }
        @inline(__always) mutating func run(_ offset: Int, _ count: Int) {
            for position in offset..<(offset + count) { body(position) }
        }
    }

    @inline(__always)
    fileprivate static func scan<S: Sink>(_ units: UnsafeBufferPointer<UInt16>, into sink: inout S) {
        scan(units, UTF16Scan.self, into: &sink)
    }

    @inline(__always)
    fileprivate static func scan<S: Sink>(utf8 bytes: UnsafeBufferPointer<UInt8>, into sink: inout S) {
        scan(bytes, UTF8Scan.self, into: &sink)
    }

    /// The scan, for either encoding: ASCII a unit at a time and then, while it lasts,
    /// sixteen units at a time; anything else decoded to a scalar and looked up.
    @inline(__always)
    fileprivate static func scan<E: ScanEncoding, S: Sink>(
        _ units: UnsafeBufferPointer<E.Unit>, _: E.Type, into sink: inout S
    ) {
        guard let base = units.baseAddress else { return }
        let table = SegmentationTable.shared
        let pairs = SegmentationTable.pairs
        let count = units.count
        var state = BreakState()
        var offset = 0
        while offset < count {
            let unit = base[offset]
            if unit < 0x80 {
                if state.advance(table.ascii(UInt16(truncatingIfNeeded: unit)), pairs) { sink.start(offset) }
                offset += 1
                // Sixteen ASCII units without a CR, after anything but a CR: sixteen clusters.
                guard offset + 16 <= count, base[offset] < 0x80, state.previousIsNotCR else { continue }
                var last: UInt16?
                while offset + 16 <= count, let chunkLast = E.plainASCIIChunk(base + offset) {
                    sink.run(offset, 16)
                    last = chunkLast
                    offset += 16
                }
                if let last { state.enterASCII(table.ascii(last)) }
                continue
            }
            let (codePoint, length) = E.decode(base, at: offset, count: count)
            if state.advance(table.word(codePoint), pairs) { sink.start(offset) }
            offset &+= length
        }
    }
}

/// What the scan needs to know about an encoding.
protocol ScanEncoding {
    associatedtype Unit: FixedWidthInteger & UnsignedInteger
    /// When the 16 units at `units` are ASCII without a CR, the last of them; else `nil`.
    static func plainASCIIChunk(_ units: UnsafePointer<Unit>) -> UInt16?
    /// The scalar (or lone surrogate) starting with the non-ASCII unit at `offset`, and its length.
    static func decode(_ units: UnsafePointer<Unit>, at offset: Int, count: Int) -> (UInt32, Int)
}

/// UTF-16, lone surrogates kept (each looked up as its own value).
enum UTF16Scan: ScanEncoding {
    @inline(__always)
    static func plainASCIIChunk(_ units: UnsafePointer<UInt16>) -> UInt16? {
        let raw = UnsafeRawPointer(units)
        let w0 = raw.loadUnaligned(as: UInt64.self)
        let w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let w2 = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        let w3 = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        guard (w0 | w1 | w2 | w3) & 0xFF80_FF80_FF80_FF80 == 0,
            SWAR.hasCR16(w0) | SWAR.hasCR16(w1) | SWAR.hasCR16(w2) | SWAR.hasCR16(w3) == 0
        else { return nil }
        return UInt16(truncatingIfNeeded: w3 >> 48)
    }

    @inline(__always)
    static func decode(_ units: UnsafePointer<UInt16>, at offset: Int, count: Int) -> (UInt32, Int) {
        let unit = units[offset]
        guard unit & 0xFC00 == 0xD800, offset + 1 < count, units[offset + 1] & 0xFC00 == 0xDC00 else {
            return (UInt32(unit), 1)
        }
        return (0x10000 &+ ((UInt32(unit) &- 0xD800) &<< 10) &+ (UInt32(units[offset + 1]) &- 0xDC00), 2)
    }
}

/// Valid UTF-8 (a `String`'s bytes, or checked by the caller).
enum UTF8Scan: ScanEncoding {
    @inline(__always)
    static func plainASCIIChunk(_ units: UnsafePointer<UInt8>) -> UInt16? {
        let raw = UnsafeRawPointer(units)
        let w0 = raw.loadUnaligned(as: UInt64.self)
        let w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        guard (w0 | w1) & 0x8080_8080_8080_8080 == 0, SWAR.hasCR8(w0) | SWAR.hasCR8(w1) == 0 else { return nil }
        return UInt16(truncatingIfNeeded: w1 >> 56)
    }

    @inline(__always)
    static func decode(_ units: UnsafePointer<UInt8>, at offset: Int, count: Int) -> (UInt32, Int) {
        let lead = units[offset]
        if lead < 0xE0 { return (UInt32(lead & 0x1F) &<< 6 | UInt32(units[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return (
                UInt32(lead & 0x0F) &<< 12 | UInt32(units[offset + 1] & 0x3F) &<< 6 | UInt32(units[offset + 2] & 0x3F),
                3
            )
        }
        return (
            UInt32(lead & 0x07) &<< 18 | UInt32(units[offset + 1] & 0x3F) &<< 12 | UInt32(units[offset + 2] & 0x3F)
                &<< 6
                | UInt32(units[offset + 3] & 0x3F), 4
        )
    }
}

/// Word-at-a-time tests on ASCII text (lanes known to be below 0x80).
enum SWAR {
    /// Nonzero when one of the four 16-bit lanes of `word` is CR (0x000D).
    @inline(__always)
    static func hasCR16(_ word: UInt64) -> UInt64 {
        let x = word ^ 0x000D_000D_000D_000D
        return (x &- 0x0001_0001_0001_0001) & ~x & 0x8000_8000_8000_8000
    }

    /// Nonzero when one of the eight bytes of `word` is CR (0x0D).
    @inline(__always)
    static func hasCR8(_ word: UInt64) -> UInt64 {
        let x = word ^ 0x0D0D_0D0D_0D0D_0D0D
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }
}

/// The context the rules that look back carry from scalar to scalar.
struct BreakState {
    /// The previous scalar's word; at the start, a control (GB1: the first scalar starts a cluster).
    var previous = UInt16(GraphemeClusterBreak.control.rawValue)
    /// Whether an odd number of regional indicators in a row ends at the previous scalar.
    var oddIndicators = false
    /// GB11: 1 after a pictograph and Extend*, 2 after those and a ZWJ.
    var pictographic: UInt8 = 0
    /// Rule 9.3: 1 after a linking consonant and ExtCccZwj*, 2 after those, a virama and ExtCccZwj*.
    var conjunct: UInt8 = 0

    var previousIsNotCR: Bool { previous & SegmentationTable.gcbMask != UInt16(GraphemeClusterBreak.cr.rawValue) }

    /// Whether a cluster boundary comes before the scalar with `word`; then moves past it.
    @inline(__always)
    mutating func advance(_ word: UInt16, _ pairs: UnsafeBufferPointer<UInt8>) -> Bool {
        let after = word & SegmentationTable.gcbMask
        let breaks: Bool
        switch pairs[Int(previous & SegmentationTable.gcbMask) &* 32 &+ Int(after)] {
        case SegmentationTable.breaks: breaks = true
        case SegmentationTable.joins: breaks = false
        default:
            if after == SegmentationTable.regionalIndicator,
                previous & SegmentationTable.gcbMask == SegmentationTable.regionalIndicator
            {
                breaks = !oddIndicators  // GB12, GB13
            } else if word & SegmentationTable.linkingConsonant != 0, conjunct == 2 {
                breaks = false  // ICU's rule 9.3
            } else if previous & SegmentationTable.gcbMask == SegmentationTable.zwj,
                word & SegmentationTable.pictographic != 0, pictographic == 2
            {
                breaks = false  // GB11
            } else {
                breaks = true  // GB999
            }
        }
        oddIndicators = after == SegmentationTable.regionalIndicator ? !oddIndicators : false
        if word & SegmentationTable.pictographic != 0 {
            pictographic = 1
        } else if after == SegmentationTable.extend {
            if pictographic != 1 { pictographic = 0 }
        } else {
            pictographic = after == SegmentationTable.zwj && pictographic == 1 ? 2 : 0
        }
        if word & SegmentationTable.linkingConsonant != 0 {
            conjunct = 1
        } else if word & SegmentationTable.virama != 0 {
            conjunct = conjunct == 0 ? 0 : 2
        } else if word & SegmentationTable.extCccZwj == 0 {
            conjunct = 0
        }
        previous = word
        return breaks
    }

    /// After a run of ASCII ending with the scalar of `word`: no context is left.
    @inline(__always)
    mutating func enterASCII(_ word: UInt16) {
        previous = word
        oddIndicators = false
        pictographic = 0
        conjunct = 0
    }
}

/// The scanner's property words for every code point, in a two-stage table built from
/// ICU (`cicu_segmentation_words`), and its table of pair decisions.
///
/// Written once during the thread-safe initialisation of a static constant and only
/// read afterwards; plain pointers keep the per-scalar lookup free of reference counting.
struct SegmentationTable: @unchecked Sendable {
    static let gcbMask = UInt16(CICU_SEG_GCB_MASK.rawValue)
    static let pictographic = UInt16(CICU_SEG_EXTENDED_PICTOGRAPHIC.rawValue)
    static let linkingConsonant = UInt16(CICU_SEG_LINKING_CONSONANT.rawValue)
    static let virama = UInt16(CICU_SEG_VIRAMA.rawValue)
    static let extCccZwj = UInt16(CICU_SEG_EXT_CCC_ZWJ.rawValue)
    static let extend = UInt16(GraphemeClusterBreak.extend.rawValue)
    static let zwj = UInt16(GraphemeClusterBreak.zwj.rawValue)
    static let regionalIndicator = UInt16(GraphemeClusterBreak.regionalIndicator.rawValue)
    static let breaks: UInt8 = 0
    static let joins: UInt8 = 1
    static let context: UInt8 = 2

    /// `stage1[codePoint >> 8]` is the block of `stage2` that holds the word of `codePoint`.
    let stage1: UnsafeBufferPointer<UInt16>
    let stage2: UnsafeBufferPointer<UInt16>
    /// The words of U+0000…U+007F.
    let asciiWords: UnsafeBufferPointer<UInt16>

    static let shared = SegmentationTable()

    /// What the pair rules (GB3–GB9b) say about two Grapheme_Cluster_Break values
    /// (`before * 32 + after`): break, join, or "the rules that look back decide".
    nonisolated(unsafe) static let pairs: UnsafeBufferPointer<UInt8> = {
        let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 32 * 32)
        table.initialize(repeating: breaks)
        // The classes that can come right before the last consonant of ICU's rule 9.3.
        var beforeConjunct: Set<GraphemeClusterBreak> = [.extend, .zwj]
        for word in SegmentationTable.shared.distinctWords where word & virama != 0 || word & extCccZwj != 0 {
            if let value = GraphemeClusterBreak(rawValue: Int32(word & gcbMask)) { beforeConjunct.insert(value) }
        }
        for a in GraphemeClusterBreak.allCases {
            for b in GraphemeClusterBreak.allCases {
                table[Int(a.rawValue) * 32 + Int(b.rawValue)] = decide(a, b, beforeConjunct: beforeConjunct)
            }
        }
        return UnsafeBufferPointer(table)
    }()

    /// GB3–GB9b for one pair; `context` where GB11, GB12/GB13 or rule 9.3 may join.
    private static func decide(
        _ a: GraphemeClusterBreak, _ b: GraphemeClusterBreak, beforeConjunct: Set<GraphemeClusterBreak>
    )
        -> UInt8
    {
        if a == .cr, b == .lf { return joins }  // GB3
        if a == .control || a == .cr || a == .lf { return breaks }  // GB4
        if b == .control || b == .cr || b == .lf { return breaks }  // GB5
        if a == .l, b == .l || b == .v || b == .lv || b == .lvt { return joins }  // GB6
        if a == .lv || a == .v, b == .v || b == .t { return joins }  // GB7
        if a == .lvt || a == .t, b == .t { return joins }  // GB8
        if b == .extend || b == .zwj { return joins }  // GB9
        if b == .spacingMark { return joins }  // GB9a
        if a == .prepend { return joins }  // GB9b
        if a == .regionalIndicator, b == .regionalIndicator { return context }  // GB12, GB13
        if a == .zwj || beforeConjunct.contains(a) { return context }  // GB11, rule 9.3
        return breaks  // GB999
    }

    @inline(__always)
    func word(_ codePoint: UInt32) -> UInt16 {
        stage2[Int(stage1[Int(codePoint >> 8)]) &<< 8 | Int(codePoint & 0xFF)]
    }

    @inline(__always)
    func ascii(_ unit: UInt16) -> UInt16 { asciiWords[Int(unit)] }

    /// Every distinct word (for building the pair table).
    var distinctWords: Set<UInt16> { Set(stage2) }

    private init() {
        let flat = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 0x110000)
        defer { flat.deallocate() }
        var status: Int32 = 0
        cicu_segmentation_words(flat.baseAddress!, &status)
        // ICU's property data is part of libicudata, which the program links against:
        // reading it fails only when ICU itself is broken.
        precondition(
            status <= 0,
            "ICU cannot read its character properties (\(ICUError(code: status, operation: "reading segmentation properties")))"
        )
        var blocks: [[UInt16]: UInt16] = [:]
        var stage2: [UInt16] = []
        let stage1 = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 0x1100)
        for block in 0..<0x1100 {
            let words = Array(flat[(block << 8)..<((block + 1) << 8)])
            if let index = blocks[words] {
                stage1[block] = index
            } else {
                let index = UInt16(blocks.count)
                blocks[words] = index
                stage2 += words
                stage1[block] = index
            }
        }
        let second = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: stage2.count)
        _ = second.initialize(from: stage2)
        let ascii = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 0x80)
        _ = ascii.initialize(from: flat[0..<0x80])
        self.stage1 = UnsafeBufferPointer(stage1)
        self.stage2 = UnsafeBufferPointer(second)
        self.asciiWords = UnsafeBufferPointer(ascii)
    }
}
