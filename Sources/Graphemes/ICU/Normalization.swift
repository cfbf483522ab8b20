internal import CICU

extension UTF16Text {
    /// The text in Normalization Form KC (ICU's `unorm2` NFKC instance): compatibility
    /// characters folded to their plain forms, e.g. fullwidth ７ to 7 and ． to ".".
    ///
    /// Lone surrogates pass through unchanged.
    package var nfkc: UTF16Text { normalized(by: cicu_normalize_nfkc) }

    /// The text in Normalization Form D (ICU's `unorm2` NFD instance): precomposed
    /// characters taken apart, e.g. the Hangul syllable 한 into its conjoining jamo ᄒ ᅡ ᆫ.
    ///
    /// Lone surrogates pass through unchanged.
    package var nfd: UTF16Text { normalized(by: cicu_normalize_nfd) }

    /// The text in Normalization Form KD (ICU's `unorm2` NFKD instance): NFD with
    /// compatibility characters folded too (the letter ㅎ becomes the jamo ᄒ).
    package var nfkd: UTF16Text { normalized(by: cicu_normalize_nfkd) }

    private typealias Normalizer = (
        UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>?
    ) -> Int32

    /// The text as one of the shim's `unorm2_normalize` calls writes it.
    private func normalized(by normalize: Normalizer) -> UTF16Text {
        var capacity = length + 8
        while true {
            var status: Int32 = 0
            var output = [UInt16](repeating: 0, count: capacity)
            let written = units.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer {
                    normalize(source.baseAddress, Int32(source.count), $0.baseAddress, Int32(capacity), &status)
                }
            }
            if status <= 0 {
                output.removeSubrange(Int(written)...)
                return UTF16Text(units: output)
            }
            // U_BUFFER_OVERFLOW_ERROR: the length needed is known now. Any other failure
            // (only exhausted memory) leaves the text as it was.
            guard Int(written) > capacity else { return self }
            capacity = Int(written)
        }
    }
}
