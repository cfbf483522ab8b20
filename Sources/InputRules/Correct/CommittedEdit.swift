import Composition
import Graphemes

/// The edit an event made to the committed text, worked out after the change the way a
/// handler that remembers the text it last saw can: the text before the event (its
/// marked text left out) against the text after, by their common prefix and suffix,
/// widened to whole grapheme clusters of the new text.
///
/// This is how the catalogue's correct rules stay independent of the delegate model:
/// whatever range a platform reports for a change — `{0, 2}` on iOS 18, `[{2, 0}]` on
/// iOS 26.0 for the same Zhuyin commit — the field after the change is the same, and so
/// is this edit. Exists only once the composition has ended (no marked text) and only
/// when something was inserted: a rule built on it never touches marked text and never
/// blocks a deletion.
struct CommittedEdit {
    /// The field's text after the event.
    let text: UTF16Text
    /// The grapheme cluster boundaries of ``text``.
    let boundaries: [Int]
    /// The indices of the clusters that hold the inserted text.
    let clusters: Range<Int>

    init?(_ change: FieldChange) {
        guard change.after.markedRange == nil else { return nil }
        let old = change.before.committedText.units
        let new = change.after.text.units
        guard old != new else { return nil }
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let insertedEnd = new.count - suffix
        guard prefix < insertedEnd else { return nil }
        text = change.after.text
        boundaries = text.graphemeBoundaries
        let first = boundaries.lastIndex { $0 <= prefix } ?? 0
        let end = boundaries.firstIndex { $0 >= insertedEnd } ?? boundaries.count - 1
        clusters = first..<end
    }

    /// Where the inserted clusters start and end in ``text``.
    var region: Range<Int> { boundaries[clusters.lowerBound]..<boundaries[clusters.upperBound] }

    /// The units of cluster `index`.
    func units(ofCluster index: Int) -> ArraySlice<UInt16> {
        text.units[boundaries[index]..<boundaries[index + 1]]
    }

    /// The text with the inserted clusters replaced by `kept`, the caret right after them
    /// (where it was, had the field taken only `kept`).
    func assignment(keeping kept: some Collection<UInt16>) -> TextAssignment {
        var units = Array(text.units[..<region.lowerBound])
        units.append(contentsOf: kept)
        let caret = units.count
        units.append(contentsOf: text.units[region.upperBound...])
        return TextAssignment(UTF16Text(units: units), selection: .caret(at: caret))
    }

    /// The text keeping only the inserted clusters `admits` accepts, or `nil` when it accepts them all.
    func filtered(_ admits: (ArraySlice<UInt16>) -> Bool) -> TextAssignment? {
        var kept: [UInt16] = []
        var dropped = false
        for index in clusters {
            let cluster = units(ofCluster: index)
            if admits(cluster) { kept.append(contentsOf: cluster) } else { dropped = true }
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
