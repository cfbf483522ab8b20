import Composition
import Graphemes

/// Allows or denies grapheme clusters by class: specs `allow:classes=A+B+…`,
/// `deny:classes=A+B+…` and `emoji-only` (allow `emoji`).
///
/// The classes are ``ClusterClass``'s (`han`, `emoji`, `digit`, …) plus `digit-ascii`
/// and `letter-latin` (``RuleClass``), decided from ICU's properties; `emoji` is RGI
/// emoji as ICU knows them, so every fully-qualified sequence of emoji-test.txt is one
/// and nothing else is.
///
/// Judged per grapheme on the committed text only, once the composition has ended: the
/// marked text is never judged, since some keyboards show placeholder letters or symbols
/// there that are not the user's input. What an event inserted (``CommittedEdit``) loses
/// the clusters the rule does not allow; the rest stays, the caret after it. A deletion
/// that would join its neighbours into a refused cluster is undone. A Pinyin
/// user in a `deny:classes=han` field can compose freely and sees 中 removed on commit;
/// a paste keeps what is allowed of it.
package struct ClassFilter: DecidesAfterTheChange {
    package enum Mode: String, Sendable {
        case allow, deny
    }

    package let mode: Mode
    package let classes: [RuleClass]
    package let spec: String

    package init(_ mode: Mode, classes: [RuleClass], spec: String) {
        self.mode = mode
        self.classes = classes
        self.spec = spec
    }

    /// `emoji-only`.
    package static func emojiOnly(spec: String) -> ClassFilter {
        ClassFilter(.allow, classes: [.cluster(.emoji)], spec: spec)
    }

    package var contract: RuleContract {
        let names = classes.map(\.description).joined(separator: ", ")
        return RuleContract(
            promise: mode == .allow ? "only \(names)" : "no \(names)",
            allowedClasses: mode == .allow ? classes : nil, deniedClasses: mode == .deny ? classes : [],
            compositionSafe: true, profileIndependent: true)
    }

    /// Whether a cluster may stay in the committed text.
    package func admits(_ cluster: ArraySlice<UInt16>) -> Bool {
        let classification = cluster.classification
        let member = cluster.withUnsafeBufferPointer { units in
            classes.contains { $0.contains(units, classified: classification) }
        }
        return member == (mode == .allow)
    }

    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        guard let edit = CommittedEdit(change) else { return undoJoiningDeletion(change) }
        let filtered = edit.filtered(admits)
        // An insertion can also change what a neighbouring old cluster is (a letter typed
        // between an emoji and the variation selector it carried leaves the bare emoji):
        // if the text would hold more clusters the rule refuses than before, refuse the edit.
        let result = filtered?.text ?? edit.text
        if refusedCount(in: result) > refusedCount(in: change.before.committedText) {
            return edit.assignment(keeping: [UInt16]())
        }
        return filtered.map { edit.unbroken($0, before: change.before) }
    }

    /// The one deletion a class rule undoes: one that joins its neighbours into a cluster
    /// the rule refuses (two lone regional indicators around a deleted letter become a
    /// flag in a no-emoji field). The delegate still accepts it; the handler restores the
    /// text, as for a refused insertion.
    private func undoJoiningDeletion(_ change: FieldChange) -> TextAssignment? {
        let before = change.before.committedText
        let after = change.after.text
        guard change.after.markedRange == nil, after != before, refusedCount(in: after) > refusedCount(in: before)
        else { return nil }
        return TextAssignment(before, selection: .caret(at: before.commonAffixes(with: after).prefix))
    }

    /// How many clusters of `text` the rule refuses.
    private func refusedCount(in text: UTF16Text) -> Int {
        let boundaries = text.graphemeBoundaries
        return zip(boundaries, boundaries.dropFirst()).reduce(0) { $0 + (admits(text.units[$1.0..<$1.1]) ? 0 : 1) }
    }
}
