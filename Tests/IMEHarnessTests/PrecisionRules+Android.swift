import Foundation
import IMEHarness

/// The precision suite's Android members (issue 42): length limits written correctly for
/// Android's input connection, which the Android replay and fuzzer must never report. They
/// are the library's own correct rules (the catalogue's `android-composition-aware-filter`
/// and `android-composition-aware-watcher`).
extension PrecisionRules {
    /// Every Android member, in a stable order.
    static let android: [AndroidRule] = [compositionAwareFilter, watcherLeavingComposingText]

    /// An `InputFilter` that leaves composing text to the keyboard and keeps whole
    /// characters of what fits of every commit, with a `SpanWatcher` for a composition
    /// that ended without a commit.
    static let compositionAwareFilter = AndroidRule.compositionAwareFilter(
        "precision-android-composition-aware-filter-10", maxLength: 10)

    /// A `TextWatcher` that leaves the text alone while anything composes, and otherwise
    /// trims what was just committed to fit.
    static let watcherLeavingComposingText = AndroidRule.compositionAwareWatcher(
        "precision-android-watcher-10", maxLength: 10)
}
