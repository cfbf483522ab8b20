/// The result of checking the segmenter and classifier against Unicode's own test data.
package struct ConformanceReport: Hashable, Sendable {
    package var unicodeVersion: String
    package var icuVersion: String
    package var graphemeBreak: GraphemeBreakResult
    package var emoji: EmojiResult
    package var legacyEmojiFilter: LegacyFilterResult
    package var swiftCharacter: SwiftCharacterResult

    /// Whether every check passed (the Swift comparison is reported, never failed).
    package var passed: Bool { graphemeBreak.failed == 0 && emoji.failed == 0 }

    /// GraphemeBreakTest.txt: every line must split exactly as the file says.
    package struct GraphemeBreakResult: Hashable, Sendable {
        package var path: String
        package var fileVersion: String?
        package var passed: Int
        package var failed: Int
        /// The failing lines (all of them; a conformant ICU has none).
        package var failures: [BreakMismatch]
    }

    /// A string that a segmenter split differently from the file.
    package struct BreakMismatch: Hashable, Sendable {
        package var line: Int
        package var text: UTF16Text
        package var expected: [Int]
        package var actual: [Int]
    }

    /// emoji-test.txt: fully-qualified lines are one `emoji` cluster of the right
    /// type; minimally-qualified and unqualified lines are not `emoji`.
    package struct EmojiResult: Hashable, Sendable {
        package var path: String
        package var fileVersion: String?
        package var passed: Int
        package var failed: Int
        package var fullyQualified: Int
        /// Minimally-qualified and unqualified lines checked.
        package var notFullyQualified: Int
        /// Fully-qualified lines per sequence type, as the data files give it.
        package var byType: [EmojiSequenceType: Int]
        package var failures: [EmojiMismatch]
    }

    /// An emoji-test.txt line that was not segmented or classified as required.
    package struct EmojiMismatch: Hashable, Sendable {
        package var line: Int
        package var text: UTF16Text
        package var qualification: EmojiQualification
        package var expected: String
        package var actual: String
    }

    /// How many fully-qualified emoji come through seed 000's per-unit emoji filter unchanged.
    package struct LegacyFilterResult: Hashable, Sendable {
        package var pattern: String
        package var intact: Int
        /// Emoji the filter changed but did not remove entirely.
        package var damaged: Int
        /// Emoji the filter removed entirely.
        package var removed: Int
        package var of: Int
        /// How many of the same emoji the ICU classification recognises as one emoji cluster.
        package var recognisedByICU: Int
    }

    /// GraphemeBreakTest.txt through Swift's own `Character` segmentation, for information.
    package struct SwiftCharacterResult: Hashable, Sendable {
        package var agreed: Int
        package var disagreed: Int
        /// Lines with a lone surrogate, which a Swift `String` cannot hold.
        package var skipped: Int
        package var disagreements: [BreakMismatch]
    }
}
