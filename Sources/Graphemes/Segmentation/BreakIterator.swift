internal import CICU

/// An ICU break iterator (`UBreakIterator`) owned by one Swift value.
///
/// Noncopyable so that exactly one owner closes the C handle. Iterate inside
/// ``boundaries(of:rulesStatus:_:)``: ICU keeps a pointer to the text, which is
/// only valid for the duration of that call.
struct BreakIterator: ~Copyable {
    enum Kind {
        case grapheme, word
    }

    private let handle: OpaquePointer

    /// Opens an iterator for the root locale.
    ///
    /// - Throws: ``ICUError`` when ICU cannot load its break rules.
    init(_ kind: Kind) throws(ICUError) {
        var status: Int32 = 0
        let handle = cicu_breaker_open(kind == .word ? CICU_BREAK_WORD : CICU_BREAK_GRAPHEME, &status)
        guard let handle else {
            throw ICUError(code: status, operation: "opening a \(kind) break iterator")
        }
        self.handle = handle
    }

    deinit { cicu_breaker_close(handle) }

    /// Whether `offset` is a boundary of `buffer` (`ubrk_isBoundary`, which looks only near it).
    func isBoundary(_ offset: Int, in buffer: UnsafeBufferPointer<UInt16>) -> Bool {
        var status: Int32 = 0
        return cicu_breaker_is_boundary(handle, buffer.baseAddress, Int32(buffer.count), Int32(offset), &status) != 0
    }

    /// Calls `body` with each batch of boundaries after 0 (the last one is the text's
    /// length) and, when asked for, each boundary's rule status.
    func boundaries(
        of buffer: UnsafeBufferPointer<UInt16>,
        ruleStatus: Bool = false,
        _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>?) throws -> Void
    ) rethrows {
        var status: Int32 = 0
        cicu_breaker_set_text(handle, buffer.baseAddress, Int32(buffer.count), &status)
        // Setting text on an open iterator fails only for a NULL iterator; the
        // iterator then reports no boundaries, which callers see as empty text.
        // A text of n units has at most n boundaries after 0: short texts get short buffers.
        let capacity = max(1, min(1024, buffer.count))
        var offsets = [Int32](repeating: 0, count: capacity)
        var statuses = [Int32](repeating: 0, count: ruleStatus ? capacity : 0)
        try offsets.withUnsafeMutableBufferPointer { offsets in
            try statuses.withUnsafeMutableBufferPointer { statuses in
                while true {
                    let count = Int(
                        cicu_breaker_next(
                            handle, offsets.baseAddress, ruleStatus ? statuses.baseAddress : nil,
                            Int32(capacity)))
                    if count == 0 { break }
                    try body(
                        UnsafeBufferPointer(rebasing: offsets[..<count]),
                        ruleStatus ? UnsafeBufferPointer(rebasing: statuses[..<count]) : nil)
                }
            }
        }
    }
}
