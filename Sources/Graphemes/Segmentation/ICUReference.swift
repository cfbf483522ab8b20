internal import CICU

/// ICU's grapheme break iterator used plainly, with nothing of ours around it: the
/// baseline that benchmarks measure against and the oracle for differential tests.
package enum ICUReference {
    /// Counts the grapheme clusters of `buffer` with a bare `ubrk_next` loop in C.
    ///
    /// - Throws: ``ICUError`` when ICU cannot open its iterator.
    package static func countClusters(in buffer: UnsafeBufferPointer<UInt16>) throws(ICUError) -> Int {
        var status: Int32 = 0
        let count = cicu_count_graphemes(buffer.baseAddress, Int32(buffer.count), &status)
        try ICUError.check(status, "counting grapheme clusters")
        return Int(count)
    }
}
