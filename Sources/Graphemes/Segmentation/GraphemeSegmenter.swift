/// Splits UTF-16 text into extended grapheme clusters (UAX #29) with ICU's rules.
///
/// Segments with `GraphemeScanner` (ICU's rules decided from ICU's property values,
/// several times faster than ICU's iterator) when it models the ICU in use, else with
/// ICU's break iterator, which it holds and reuses for every text, and which
/// ``icuBoundaries(of:)`` always uses: the oracle the differential checks compare with.
/// Noncopyable: the iterator has one owner. For one-off use, ``UTF16Text/graphemeClusters``
/// needs no segmenter.
package struct GraphemeSegmenter: ~Copyable {
    private let iterator: BreakIterator

    /// Opens ICU's grapheme cluster break iterator.
    ///
    /// - Throws: ``ICUError`` when ICU cannot load its break rules.
    package init() throws(ICUError) {
        iterator = try BreakIterator(.grapheme)
    }

    /// Calls `body` with the range of each grapheme cluster of `buffer`, in order.
    package func forEachCluster(
        in buffer: UnsafeBufferPointer<UInt16>, _ body: (UTF16Range) throws -> Void
    ) rethrows {
        if GraphemeScanner.isAvailable {
            let boundaries = GraphemeScanner.boundaries(buffer)
            for index in boundaries.indices.dropLast() {
                try body(UTF16Range(boundaries[index]..<boundaries[index + 1]))
            }
            return
        }
        var start = 0
        try iterator.boundaries(of: buffer) { batch, _ in
            for boundary in batch {
                let end = Int(boundary)
                try body(UTF16Range(location: start, length: end - start))
                start = end
            }
        }
    }

    /// Calls `body` with each grapheme cluster of `buffer` and its classification, in order.
    ///
    /// One pass that segments and classifies (see ``ClusterClassifier``): cheaper
    /// than classifying the ranges of ``forEachCluster(in:_:)`` one call at a time.
    package func forEachClassifiedCluster(
        in buffer: UnsafeBufferPointer<UInt16>, _ body: (GraphemeCluster) throws -> Void
    ) rethrows {
        guard let base = buffer.baseAddress else { return }
        var memo = EmojiMemo(textLength: buffer.count)
        if GraphemeScanner.isAvailable {
            let boundaries = GraphemeScanner.boundaries(buffer)
            for index in boundaries.indices.dropLast() {
                let range = UTF16Range(boundaries[index]..<boundaries[index + 1])
                let units = UnsafeBufferPointer(start: base + range.location, count: range.length)
                try body(
                    GraphemeCluster(
                        range: range, classification: ClusterClassifier.classify(units) { memo.type(of: $0) }))
            }
            return
        }
        var start = 0
        try iterator.boundaries(of: buffer) { batch, _ in
            for boundary in batch {
                let end = Int(boundary)
                let units = UnsafeBufferPointer(start: base + start, count: end - start)
                let classification = ClusterClassifier.classify(units) { memo.type(of: $0) }
                try body(
                    GraphemeCluster(
                        range: UTF16Range(location: start, length: end - start), classification: classification))
                start = end
            }
        }
    }

    /// Whether `offset` is a grapheme cluster boundary of `text`, decided by ICU from the
    /// text around it.
    package func isBoundary(_ offset: Int, in text: UTF16Text) -> Bool {
        if offset <= 0 || offset >= text.length { return true }
        return text.units.withUnsafeBufferPointer { iterator.isBoundary(offset, in: $0) }
    }

    /// The grapheme cluster boundaries of `text`: 0, every break, and the length (just [0] for empty text).
    package func boundaries(of text: UTF16Text) -> [Int] {
        if GraphemeScanner.isAvailable { return text.units.withUnsafeBufferPointer { GraphemeScanner.boundaries($0) } }
        return icuBoundaries(of: text)
    }

    /// The boundaries ICU's break iterator gives `text`, whatever `GraphemeScanner` can
    /// do: the oracle of the conformance and differential checks.
    package func icuBoundaries(of text: UTF16Text) -> [Int] {
        var result = [0]
        text.units.withUnsafeBufferPointer { buffer in
            iterator.boundaries(of: buffer) { batch, _ in
                for boundary in batch { result.append(Int(boundary)) }
            }
        }
        return result
    }

    /// The ranges of the grapheme clusters of `text`, in order.
    package func clusters(of text: UTF16Text) -> [UTF16Range] {
        var result: [UTF16Range] = []
        text.units.withUnsafeBufferPointer { buffer in
            forEachCluster(in: buffer) { result.append($0) }
        }
        return result
    }
}

extension GraphemeSegmenter {
    /// Runs `body` with this thread's segmenter, opened on the thread's first use and
    /// kept for the next (opening one clones ICU's iterator, which costs more than most
    /// short texts take to segment); a nested call gets a fresh one.
    ///
    /// ICU's grapheme rules are part of `libicudata`, which the program is linked
    /// against, so opening the iterator can only fail when memory is exhausted;
    /// this is the one place that turns that failure into a trap.
    package static func withSegmenter<Result>(_ body: (borrowing GraphemeSegmenter) throws -> Result) rethrows
        -> Result
    {
        let state = ThreadSegmentation.current
        guard !state.inUse else { return try body(ThreadSegmentation.open()) }
        state.inUse = true
        defer { state.inUse = false }
        return try body(state.segmenter)
    }

    /// ICU's boundaries of `text`, remembered for the thread's last text: a replay asks
    /// about the same text several times (the rule, the limit check, the next profile).
    static func rememberedBoundaries(of text: UTF16Text) -> [Int] {
        let state = ThreadSegmentation.current
        if let last = state.lastText, last == text { return state.lastBoundaries }
        let boundaries = withSegmenter { $0.icuBoundaries(of: text) }
        state.lastText = text
        state.lastBoundaries = boundaries
        return boundaries
    }
}

/// A thread's segmenter and its last answer, kept in thread-local storage.
final class ThreadSegmentation {
    let segmenter: GraphemeSegmenter
    var inUse = false
    var lastText: UTF16Text?
    var lastBoundaries: [Int] = []
    /// The last few texts counted on this thread, with their grapheme counts, the oldest
    /// replaced first: replay counts each profile's field in turn, and a rule and the
    /// detector count the same text one after the other.
    var counted: [(text: UTF16Text, count: Int)] = []
    var nextCounted = 0
    static let countedCapacity = 4

    /// The remembered count of `text`, if it is one of the last counted.
    func rememberedCount(of text: UTF16Text) -> Int? {
        counted.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].text == text { return entries[index].count }
            return nil
        }
    }

    /// The text counted last, with its count.
    var lastCounted: (text: UTF16Text, count: Int)? {
        if counted.count < Self.countedCapacity { return counted.last }
        return counted[(nextCounted + Self.countedCapacity - 1) % Self.countedCapacity]
    }

    /// Remembers `count` as the grapheme count of `text`, copied into the entry's own
    /// buffer: holding the counted text itself would hold the buffer of the field it came
    /// from, and the field's next edit would copy its whole text into a new buffer instead
    /// of editing it in place.
    func remember(_ text: UTF16Text, count: Int) {
        if counted.count < Self.countedCapacity {
            var copy = UTF16Text.empty
            copy.assign(text)
            counted.append((copy, count))
        } else {
            counted.withUnsafeMutableBufferPointer { entries in
                entries[nextCounted].text.assign(text)
                entries[nextCounted].count = count
            }
            nextCounted = (nextCounted + 1) % Self.countedCapacity
        }
    }

    private init() { segmenter = Self.open() }

    static func open() -> GraphemeSegmenter {
        do {
            return try GraphemeSegmenter()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    private static let perThread = ThreadLocal { ThreadSegmentation() }

    /// This thread's state.
    static var current: ThreadSegmentation { perThread.value }

    /// Calls `body` with this thread's state, lent rather than retained (``ThreadLocal/withValue(_:)``).
    static func withCurrent<Result>(_ body: (ThreadSegmentation) throws -> Result) rethrows -> Result {
        try perThread.withValue(body)
    }
}

extension UTF16Text {
    /// The ranges of the text's extended grapheme clusters (UAX #29, via ICU).
    public var graphemeClusters: [UTF16Range] {
        let boundaries = graphemeBoundaries
        guard boundaries.count > 1 else { return [] }
        // Built in one array of its final size (mapping the zip of the boundaries with
        // their tail cost more than segmenting a short text).
        var clusters: [UTF16Range] = []
        clusters.reserveCapacity(boundaries.count - 1)
        boundaries.withUnsafeBufferPointer { boundaries in
            for index in 1..<boundaries.count {
                clusters.append(UTF16Range(boundaries[index - 1]..<boundaries[index]))
            }
        }
        return clusters
    }

    /// The text's grapheme cluster boundaries, from 0 to its length (`GraphemeScanner`,
    /// or ICU's iterator where the scanner does not model the ICU in use).
    public var graphemeBoundaries: [Int] {
        if GraphemeScanner.isAvailable { return units.withUnsafeBufferPointer { GraphemeScanner.boundaries($0) } }
        return GraphemeSegmenter.rememberedBoundaries(of: self)
    }

    /// The grapheme cluster boundaries from the last one at or before `range.lowerBound` to
    /// the first one at or after `range.upperBound`: what ``graphemeBoundaries`` holds
    /// there, found by segmenting only that stretch, for a question about an edit in a
    /// long text. The stretch starts and ends where the two scalars around an offset break
    /// whatever comes before them (``TextAnalyzer/localBoundary(_:at:)``; the rules that look
    /// further back never look across such a break), so segmenting it from there gives what
    /// segmenting the whole text gives.
    package func graphemeBoundaries(around range: Range<Int>) -> [Int] {
        let count = units.count
        var start = Swift.min(Swift.max(range.lowerBound, 0), count)
        var end = Swift.min(Swift.max(range.upperBound, start), count)
        guard GraphemeScanner.isAvailable else {
            let all = graphemeBoundaries
            let first = all.lastIndex { $0 <= start } ?? 0
            let last = all.firstIndex { $0 >= end } ?? all.count - 1
            return Array(all[first...last])
        }
        let (lower, upper) = (start, end)
        while start > 0, TextAnalyzer.localBoundary(self, at: start) != true { start -= 1 }
        while end < count, TextAnalyzer.localBoundary(self, at: end) != true { end += 1 }
        var boundaries = units.withUnsafeBufferPointer { buffer in
            GraphemeScanner.boundaries(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
        for index in boundaries.indices { boundaries[index] += start }
        // The stretch may reach past the boundaries asked for (its ends are where the rules
        // break unconditionally, not just any boundary).
        let first = boundaries.lastIndex { $0 <= lower } ?? 0
        let last = boundaries.firstIndex { $0 >= upper } ?? boundaries.count - 1
        return first == 0 && last == boundaries.count - 1 ? boundaries : Array(boundaries[first...last])
    }

    /// The number of extended grapheme clusters (what Swift's `String.count` means to count).
    ///
    /// The thread's last four answers are remembered: a replay measures the same text
    /// several times (the rule, the limit check), each profile's field in turn. A text
    /// that is not one of them is usually the last one edited: only the stretch around the
    /// edit is segmented (`graphemeCount(editedFrom:count:)`).
    public var graphemeCount: Int {
        ThreadSegmentation.withCurrent { state in
            if let count = state.rememberedCount(of: self) { return count }
            let count: Int
            if !GraphemeScanner.isAvailable {
                count = GraphemeSegmenter.rememberedBoundaries(of: self).count - 1
            } else if length > Self.countedWhole, let last = state.lastCounted,
                let edited = graphemeCount(editedFrom: last.text, count: last.count)
            {
                count = edited
            } else {
                count = units.withUnsafeBufferPointer { GraphemeScanner.count($0) }
            }
            state.remember(self, count: count)
            return count
        }
    }

    /// The longest text counted whole even when the last text counted was nearly the same:
    /// a field's usual text is segmented as fast as the stretch of an edit is found and
    /// widened (callgrind, the fuzz benchmark's texts: about 1,000 instructions either way).
    static var countedWhole: Int { 64 }

    /// The grapheme count of this text worked out from `old`'s, `count`, by segmenting
    /// only the stretch in which the two differ, widened on each side to where the pair
    /// rules break unconditionally in both (the rules that look further back never look
    /// across such a break: see ``graphemeBoundaries(around:)``); `nil` when that stretch
    /// is most of the text, which is then counted whole.
    func graphemeCount(editedFrom old: UTF16Text, count: Int) -> Int? {
        let new = self
        return old.units.withUnsafeBufferPointer { a in
            new.units.withUnsafeBufferPointer { b -> Int? in
                let prefix = UTF16Text.commonPrefix(a, b)
                let suffix = UTF16Text.commonSuffix(a, b, limit: Swift.min(a.count, b.count) - prefix)
                // Where the pair rules break unconditionally, or the text starts or ends.
                func breaks(_ text: UTF16Text, at offset: Int) -> Bool {
                    offset == 0 || offset == text.length || TextAnalyzer.localBoundary(text, at: offset) == true
                }
                var start = prefix
                while start > 0, !(breaks(old, at: start) && breaks(new, at: start)) { start -= 1 }
                // The ends move together: what follows them is the same in both texts.
                var (endA, endB) = (a.count - suffix, b.count - suffix)
                while endB < b.count, !(breaks(old, at: endA) && breaks(new, at: endB)) {
                    endA += 1
                    endB += 1
                }
                guard (endA - start) + (endB - start) < b.count else { return nil }
                let removed = GraphemeScanner.count(UnsafeBufferPointer(rebasing: a[start..<endA]))
                let added = GraphemeScanner.count(UnsafeBufferPointer(rebasing: b[start..<endB]))
                return count - removed + added
            }
        }
    }

    /// Where the grapheme cluster that ends at `offset` (a boundary) starts.
    ///
    /// When the pair rules of UAX #29 put boundaries on both sides of the previous scalar,
    /// that scalar is the whole cluster; otherwise the whole text is segmented.
    package func graphemeClusterStart(before offset: Int) -> Int {
        guard offset > 0, offset <= length else { return 0 }
        var start = offset - 1
        if start > 0, UTF16.isTrailSurrogate(units[start]), UTF16.isLeadSurrogate(units[start - 1]) { start -= 1 }
        if start == 0 || TextAnalyzer.localBoundary(self, at: start) == true,
            TextAnalyzer.localBoundary(self, at: offset) ?? (offset == length)
        {
            return start
        }
        return graphemeBoundaries.last { $0 < offset } ?? 0
    }

    /// Whether `offset` is a grapheme cluster boundary of the text.
    package func isGraphemeBoundary(_ offset: Int) -> Bool {
        if offset <= 0 || offset >= length { return true }
        if let local = TextAnalyzer.localBoundary(self, at: offset) { return local }
        return graphemeBoundaries.contains(offset)
    }
}
