import Glibc

/// What edits left as it was at the two ends of a text: the first `prefix` units and the
/// last `suffix` units are the same before and after them.
///
/// Replay edits a field at one place per event; knowing the ends are untouched lets it
/// compare, copy and check only the stretch between them, so that an event's cost does
/// not grow with the text before it. The ends are a lower bound: an edit that put back
/// what it took is not noticed, and `prefix + suffix` never exceeds either text's length.
@usableFromInline
package struct UnchangedEnds: Hashable, Sendable {
    @usableFromInline package var prefix: Int
    @usableFromInline package var suffix: Int

    @inlinable
    package init(prefix: Int, suffix: Int) {
        self.prefix = prefix
        self.suffix = suffix
    }

    /// Nothing known to be the same (the text was replaced whole).
    @inlinable
    package static var nothing: UnchangedEnds { UnchangedEnds(prefix: 0, suffix: 0) }

    /// The ends after `range` of a text `length` units long is replaced: untouched are the
    /// units before the range and those after it (which move with the replacement, counted
    /// from the end), and no more than was untouched before.
    @inlinable
    package static func afterReplacing(_ range: UTF16Range, inTextOf length: Int, was: UnchangedEnds?) -> UnchangedEnds
    {
        let prefix = range.location
        let suffix = length - range.end
        guard let was else { return UnchangedEnds(prefix: prefix, suffix: suffix) }
        return UnchangedEnds(prefix: Swift.min(was.prefix, prefix), suffix: Swift.min(was.suffix, suffix))
    }

    /// The ends two edits of one text both left untouched.
    @inlinable
    package func union(_ other: UnchangedEnds) -> UnchangedEnds {
        UnchangedEnds(prefix: Swift.min(prefix, other.prefix), suffix: Swift.min(suffix, other.suffix))
    }
}

extension UTF16Text {
    /// Whether the text is `other`, the two sharing `ends`: only the stretch between the
    /// ends is compared.
    @inlinable
    package func equals(_ other: UTF16Text, sharing ends: UnchangedEnds) -> Bool {
        guard length == other.length else { return false }
        let middle = length - ends.prefix - ends.suffix
        guard middle > 0 else { return true }
        return units.withUnsafeBufferPointer { a in
            other.units.withUnsafeBufferPointer { b in
                a.baseAddress == b.baseAddress
                    || memcmp(a.baseAddress! + ends.prefix, b.baseAddress! + ends.prefix, middle * 2) == 0
            }
        }
    }

    /// Makes the text `other`, the two sharing `ends`: only the stretch between them is
    /// copied (into the text's own storage when it is not shared).
    @inlinable
    package mutating func assign(_ other: UTF16Text, sharing ends: UnchangedEnds) {
        let old = ends.prefix..<(length - ends.suffix)
        other.units.withUnsafeBufferPointer { source in
            units.replaceSubrange(
                old, with: UnsafeBufferPointer(rebasing: source[ends.prefix..<(source.count - ends.suffix)]))
        }
    }
}

extension UTF16Text {
    /// Whether the two texts are one storage (so the same text, found without reading it).
    @inlinable
    package func sharesStorage(with other: UTF16Text) -> Bool {
        length == other.length
            && units.withUnsafeBufferPointer { a in
                other.units.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
    }
}
