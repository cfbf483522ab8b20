/// Remembers the emoji type of multi-unit clusters already seen during one pass over a text.
///
/// Asking ICU whether a sequence is an RGI emoji walks a string trie over all of its
/// units, and emoji-heavy text repeats the same sequences. A direct-mapped table
/// (FNV-1a hash of the units; the units are kept to compare on a hit) answers the
/// repeats without ICU. Its size follows the text's length, from 16 slots up to
/// 4096 (about as many as there are RGI emoji), and it is allocated at the first
/// emoji candidate, so a short text without emoji pays nothing. It belongs to one
/// segmentation pass: nothing is shared between passes or threads.
struct EmojiMemo: ~Copyable {
    /// Clusters longer than this are not remembered (and are rare).
    private static let maxUnits = 16

    private let slots: Int
    private var keys: UnsafeMutableBufferPointer<UInt16>?
    private var lengths = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var results = UnsafeMutableBufferPointer<EmojiSequenceType?>(start: nil, count: 0)

    /// A memo sized for a text of `textLength` UTF-16 units.
    init(textLength: Int) {
        var slots = 16
        while slots < 4096, slots * 64 < textLength { slots *= 2 }
        self.slots = slots
    }

    deinit {
        keys?.deallocate()
        lengths.deallocate()
        results.deallocate()
    }

    /// The type of the RGI emoji `units`, from memory or from ICU (``EmojiSequenceType/of(_:)``).
    mutating func type(of units: UnsafeBufferPointer<UInt16>) -> EmojiSequenceType? {
        guard units.count <= Self.maxUnits else { return EmojiSequenceType.of(units) }
        let keys = self.keys ?? allocate()
        var hash: UInt32 = 2_166_136_261
        for unit in units { hash = (hash ^ UInt32(unit)) &* 16_777_619 }
        let slot = Int(hash) & (slots - 1)
        let key = UnsafeMutableBufferPointer(
            rebasing: keys[(slot * Self.maxUnits)..<(slot * Self.maxUnits + units.count)])
        if Int(lengths[slot]) == units.count, key.elementsEqual(units) { return results[slot] }
        let type = EmojiSequenceType.of(units)
        _ = key.initialize(from: units)
        lengths[slot] = UInt8(units.count)
        results[slot] = type
        return type
    }

    private mutating func allocate() -> UnsafeMutableBufferPointer<UInt16> {
        let keys = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: slots * Self.maxUnits)
        keys.initialize(repeating: 0)
        lengths = .allocate(capacity: slots)
        lengths.initialize(repeating: 0)
        results = .allocate(capacity: slots)
        results.initialize(repeating: nil)
        self.keys = keys
        return keys
    }
}
