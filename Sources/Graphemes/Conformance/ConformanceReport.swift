/// The result of checking the segmenter and classifier against Unicode's own test data.
public struct ConformanceReport: Hashable, Sendable {
    public var unicodeVersion: String
    public var icuVersion: String
    public var graphemeBreak: GraphemeBreakResult
    public var emoji: EmojiResult
    public var legacyEmojiFilter: LegacyFilterResult
    public var swiftCharacter: SwiftCharacterResult

    /// Whether every check passed (the Swift comparison is reported, never failed).
    public var passed: Bool { graphemeBreak.failed == 0 && emoji.failed == 0 }

    /// GraphemeBreakTest.txt: every line must split exactly as the file says.
    public struct GraphemeBreakResult: Hashable, Sendable {
        public var path: String
        public var fileVersion: String?
        public var passed: Int
        public var failed: Int
        /// The failing lines (all of them; a conformant ICU has none).
        public var failures: [BreakMismatch]
    }

    /// A string that a segmenter split differently from the file.
    public struct BreakMismatch: Hashable, Sendable {
        public var line: Int
        public var text: UTF16Text
        public var expected: [Int]
        public var actual: [Int]
    }

    /// emoji-test.txt: fully-qualified lines are one `emoji` cluster of the right
    /// type; minimally-qualified and unqualified lines are not `emoji`.
    public struct EmojiResult: Hashable, Sendable {
        public var path: String
        public var fileVersion: String?
        public var passed: Int
        public var failed: Int
        public var fullyQualified: Int
        /// Minimally-qualified and unqualified lines checked.
        public var notFullyQualified: Int
        /// Fully-qualified lines per sequence type, as the data files give it.
        public var byType: [EmojiSequenceType: Int]
        public var failures: [EmojiMismatch]
    }

    /// An emoji-test.txt line that was not segmented or classified as required.
    public struct EmojiMismatch: Hashable, Sendable {
        public var line: Int
        public var text: UTF16Text
        public var qualification: EmojiQualification
        public var expected: String
        public var actual: String
    }

    /// How many fully-qualified emoji come through seed 000's per-unit emoji filter unchanged.
    public struct LegacyFilterResult: Hashable, Sendable {
        public var pattern: String
        public var intact: Int
        /// Emoji the filter changed but did not remove entirely.
        public var damaged: Int
        /// Emoji the filter removed entirely.
        public var removed: Int
        public var of: Int
        /// How many of the same emoji the ICU classification recognises as one emoji cluster.
        public var recognisedByICU: Int
    }

    /// GraphemeBreakTest.txt through Swift's own `Character` segmentation, for information.
    public struct SwiftCharacterResult: Hashable, Sendable {
        public var agreed: Int
        public var disagreed: Int
        /// Lines with a lone surrogate, which a Swift `String` cannot hold.
        public var skipped: Int
        public var disagreements: [BreakMismatch]
    }
}
