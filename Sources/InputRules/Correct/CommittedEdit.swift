import Composition
import Graphemes

/// The edit an event made to the committed text, worked out after the change the way a
/// handler that remembers the text it last saw can: the text before the event (its
/// marked text left out) against the text after, by their common prefix and suffix (never
/// cutting a surrogate pair).
///
/// This is how the catalogue's correct rules stay independent of the delegate model:
/// whatever range a platform reports for a change — `{0, 2}` on iOS 18, `[{2, 0}]` on
/// iOS 26.0 for the same Zhuyin commit — the field after the change is the same, and so
/// is this edit. Exists only once the composition has ended (no marked text) and only
/// when something was inserted: a rule built on it never touches marked text and never
/// blocks a deletion.
///
/// The inserted units are cut into *pieces*, one per grapheme cluster of the new text
/// they fall in. A rule judges a piece by its whole cluster (a skin tone typed after 👍
/// is judged as 👍🏽) but keeps or drops only the piece, so the text outside the edit is
/// never touched; keeping no piece restores the text the edit replaced, leaving exactly
/// the text before, as a delegate returning `false` would.
/// A correct rule that decides after the change, on the field itself, and so accepts every
/// delegate call — except one whose range does not fit the text, which UIKit asks about on
/// undo (an edit it registered though it was refused, or that an assignment made stale)
/// and which, accepted, raises NSRangeException (jianshu.com/p/8a18baf0a252).
protocol DecidesAfterTheChange: InputRule {}

extension DecidesAfterTheChange {
    /// Accepts every call whose ranges fit the text.
    package func shouldChange(_ request: ChangeRequest) -> Bool { request.rangesFit }
}

struct CommittedEdit {
    /// The field's text after the event.
    let text: UTF16Text
    /// The inserted units in ``text``.
    let inserted: Range<Int>
    /// The units of the old committed text the edit replaced.
    let removed: ArraySlice<UInt16>
    /// Per grapheme cluster that holds inserted units: the cluster, and the part of it inserted.
    let pieces: [(cluster: Range<Int>, piece: Range<Int>)]

    init?(_ change: FieldChange) {
        guard change.after.markedRange == nil else { return nil }
        let oldText = change.before.committedText
        let old = oldText.units
        let new = change.after.text.units
        guard old != new else { return nil }
        let (prefix, suffix) = oldText.commonAffixes(with: change.after.text)
        let insertedEnd = new.count - suffix
        guard prefix < insertedEnd else { return nil }
        text = change.after.text
        inserted = prefix..<insertedEnd
        removed = old[prefix..<(old.count - suffix)]
        // Only the clusters around the insertion: a limit cuts long texts at every commit.
        let boundaries = text.graphemeBoundaries(around: prefix..<insertedEnd)
        var pieces: [(cluster: Range<Int>, piece: Range<Int>)] = []
        pieces.reserveCapacity(max(0, boundaries.count - 1))
        for (start, end) in zip(boundaries, boundaries.dropFirst()) where end > prefix && start < insertedEnd {
            pieces.append((start..<end, max(start, prefix)..<min(end, insertedEnd)))
        }
        self.pieces = pieces
    }

    /// The units of piece `index`'s whole cluster.
    func cluster(_ index: Int) -> ArraySlice<UInt16> { text.units[pieces[index].cluster] }

    /// The inserted units of piece `index`.
    func piece(_ index: Int) -> ArraySlice<UInt16> { text.units[pieces[index].piece] }

    /// Whether piece `index` is its whole cluster (nothing of the old text is in it).
    func isWholeCluster(_ index: Int) -> Bool { pieces[index].cluster == pieces[index].piece }

    /// The text with the insertion replaced by `kept` — or, when `kept` is empty, by the
    /// text the edit replaced — and the caret right after it (at the end of its cluster).
    func assignment(keeping kept: some Collection<UInt16>) -> TextAssignment {
        // Built in one buffer of the final size.
        var units: [UInt16] = []
        units.reserveCapacity(text.length - inserted.count + (kept.isEmpty ? removed.count : kept.count))
        units.append(contentsOf: text.units[..<inserted.lowerBound])
        if kept.isEmpty { units.append(contentsOf: removed) } else { units.append(contentsOf: kept) }
        var caret = units.count
        units.append(contentsOf: text.units[inserted.upperBound...])
        let assigned = UTF16Text(units: units)
        // The diff may end inside a cluster (👩 typed before 👩🏾‍🍳 shares its first scalar);
        // UIKit never leaves the caret there: put it at the end of that cluster.
        if !assigned.isGraphemeBoundary(caret) {
            caret = assigned.graphemeBoundaries.first { $0 > caret } ?? assigned.length
        }
        return TextAssignment(assigned, selection: .caret(at: caret))
    }

    /// `candidate`, unless it leaves more broken spots (a lone surrogate, an orphaned ZWJ,
    /// variation selector or mark) than the text before had: then the whole edit is
    /// refused, which restores that text exactly.
    func unbroken(_ candidate: TextAssignment, before: FieldState) -> TextAssignment {
        let allowed = before.committedText.brokenSpots.count
        return candidate.text.brokenSpots.count <= allowed ? candidate : assignment(keeping: [UInt16]())
    }

    /// The text keeping the first `count` pieces of the insertion.
    func assignment(keepingPieces count: Int) -> TextAssignment {
        let end = count == 0 ? inserted.lowerBound : pieces[count - 1].piece.upperBound
        return assignment(keeping: text.units[inserted.lowerBound..<end])
    }

    /// The largest count in `range` for which `holds` is true, for a `holds` that is true up
    /// to some count and false past it (as "the head of this many pieces fits the limit"),
    /// asking it about `guess` and its neighbours first: two questions when the guess is
    /// right, `O(log n)` otherwise. Where `holds` is not monotone it still answers a count
    /// for which `holds` is true, checking the few counts below the guess one by one first.
    static func largestCount(in range: ClosedRange<Int>, guess: Int, _ holds: (Int) -> Bool) -> Int? {
        /// The largest count in `low...high` that holds, `holds(low)` being true.
        func search(_ low: Int, _ high: Int) -> Int {
            var (low, high) = (low, high)
            while low < high {
                let middle = low + (high - low + 1) / 2
                if holds(middle) { low = middle } else { high = middle - 1 }
            }
            return low
        }
        let guess = min(max(guess, range.lowerBound), range.upperBound)
        if holds(guess) {
            // The guess is right unless the next count holds too.
            guard guess < range.upperBound, holds(guess + 1) else { return guess }
            return search(guess + 1, range.upperBound)
        }
        // The guess is high: the few counts just below it, then a search under them.
        let stepped = max(range.lowerBound, guess - 3)
        for count in stride(from: guess - 1, through: stepped, by: -1) where holds(count) { return count }
        guard stepped > range.lowerBound, holds(range.lowerBound) else { return nil }
        return search(range.lowerBound, stepped - 1)
    }

    /// The text keeping only the pieces whose cluster `admits` accepts, or `nil` when it accepts them all.
    func filtered(_ admits: (ArraySlice<UInt16>) -> Bool) -> TextAssignment? {
        var kept: [UInt16] = []
        var dropped = false
        for index in pieces.indices {
            if admits(cluster(index)) { kept.append(contentsOf: piece(index)) } else { dropped = true }
        }
        return dropped ? assignment(keeping: kept) : nil
    }
}

extension ArraySlice<UInt16> {
    /// The classification of the cluster these units make.
    var classification: ClusterClassification {
        withUnsafeBufferPointer { ClusterClassifier.classify($0) }
    }
}
