/// A segment between two word boundaries (UAX #29).
package struct WordSegment: Hashable, Sendable {
    /// Where the segment lies.
    package var range: UTF16Range
    /// Whether ICU's rules call it a word (letters, numbers, ideographs, kana) rather
    /// than spaces or punctuation (`ubrk_getRuleStatus` ≥ `UBRK_WORD_NONE_LIMIT`).
    package var isWordLike: Bool
}

extension UTF16Text {
    /// The text split at word boundaries with ICU's root-locale rules (UAX #29 plus
    /// ICU's dictionary-based breaking of Chinese, Japanese and Thai).
    ///
    /// - Throws: ``ICUError`` when ICU cannot load its word break rules.
    package func wordSegments() throws(ICUError) -> [WordSegment] {
        let iterator = try BreakIterator(.word)
        var segments: [WordSegment] = []
        var start = 0
        units.withUnsafeBufferPointer { buffer in
            iterator.boundaries(of: buffer, ruleStatus: true) { batch, statuses in
                for (index, boundary) in batch.enumerated() {
                    let end = Int(boundary)
                    // UBRK_WORD_NONE_LIMIT is 100: statuses from 100 up are words.
                    let isWord = (statuses?[index] ?? 0) >= 100
                    segments.append(WordSegment(range: UTF16Range(start..<end), isWordLike: isWord))
                    start = end
                }
            }
        }
        return segments
    }
}
