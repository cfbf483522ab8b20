import Glibc

/// Text as UTF-16 code units, the way `NSString` and UIKit's `NSRange`s see it.
///
/// Unlike `String`, a `UTF16Text` can hold a lone surrogate: the legacy rules this
/// package reproduces cut text at UTF-16 offsets and leave them behind, and the
/// harness must be able to show that. Converting to `String` never replaces a lone
/// surrogate silently: `String(validating:)` returns `nil` for such text, and
/// ``visibleDescription`` shows each one as `<D83D>`.
public struct UTF16Text: Hashable, Sendable {
    /// The code units, in order.
    public var units: [UInt16]

    /// Creates text from code units, lone surrogates included.
    @inlinable
    public init(units: [UInt16]) {
        self.units = units
    }

    /// Creates text from any sequence of code units.
    public init(units: some Sequence<UInt16>) {
        self.units = Array(units)
    }

    /// Creates the UTF-16 form of a string (which, being a `String`, has no lone surrogates).
    public init(_ string: String) {
        self.units = Array(string.utf16)
    }

    /// Creates text holding a single Unicode scalar.
    public init(_ scalar: Unicode.Scalar) {
        self.units = Array(scalar.utf16)
    }

    // What replay asks of texts at every step is inlinable: a call into this module for
    // it cost more than the answer, and kept each text retained across the call.

    /// The empty text (made where it is used: the empty array is a shared constant, and a
    /// stored constant was read through a lazy initialiser's check at every use).
    @inlinable
    public static var empty: UTF16Text { UTF16Text(units: []) }

    /// The length in UTF-16 code units (`NSString.length`).
    @inlinable
    public var length: Int { units.count }

    /// Whether the text has no code units.
    @inlinable
    public var isEmpty: Bool { units.isEmpty }

    /// The units in `range`, which must lie within the text (like `substringWithRange:`).
    ///
    /// The result may begin or end with a lone surrogate, exactly as `NSString` allows.
    public subscript(range: UTF16Range) -> UTF16Text {
        UTF16Text(units: units[range.location..<range.end])
    }

    /// The text with `range` replaced by `replacement` (`replaceCharactersInRange:withString:`).
    public func replacing(_ range: UTF16Range, with replacement: UTF16Text) -> UTF16Text {
        var result = self
        result.replace(range, with: replacement)
        return result
    }

    /// Replaces the units in `range`, which must lie within the text, by `replacement`.
    public mutating func replace(_ range: UTF16Range, with replacement: UTF16Text) {
        // From the replacement's buffer: handing over the array takes a reference to it.
        replacement.units.withUnsafeBufferPointer { units.replaceSubrange(range.location..<range.end, with: $0) }
    }

    /// Makes this text a copy of `other` in its own buffer (in place, when the buffer is
    /// not shared and large enough), where assigning would share `other`'s.
    public mutating func assign(_ other: UTF16Text) {
        other.units.withUnsafeBufferPointer { units.replaceSubrange(units.startIndex..<units.endIndex, with: $0) }
    }

    /// Appends another text.
    public static func + (lhs: UTF16Text, rhs: UTF16Text) -> UTF16Text {
        UTF16Text(units: lhs.units + rhs.units)
    }

    /// The whole text as a range.
    public var fullRange: UTF16Range { UTF16Range(location: 0, length: length) }
}

extension UTF16Text: ExpressibleByStringLiteral {
    /// The UTF-16 units of a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension UTF16Text {
    /// Whether two texts hold the same units: the same storage, or the same bytes
    /// (`memcmp`, not a unit-by-unit loop: replay compares long texts at every event).
    @inlinable
    public static func == (lhs: UTF16Text, rhs: UTF16Text) -> Bool {
        guard lhs.units.count == rhs.units.count else { return false }
        return lhs.units.withUnsafeBufferPointer { a in
            rhs.units.withUnsafeBufferPointer { b in
                a.baseAddress == b.baseAddress || a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count * 2) == 0
            }
        }
    }

    /// The length of the longest common prefix of `a` and `b`, found a block at a time.
    package static func commonPrefix(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>) -> Int {
        let shorter = Swift.min(a.count, b.count)
        guard shorter > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        var prefix = 0
        let block = 64
        while prefix + block <= shorter, memcmp(x + prefix, y + prefix, block * 2) == 0 { prefix += block }
        // Then four units at a time: a field's text is usually shorter than a block.
        while prefix + 4 <= shorter {
            let difference = load4(x + prefix) ^ load4(y + prefix)
            if difference != 0 { return prefix + difference.trailingZeroBitCount / 16 }
            prefix += 4
        }
        while prefix < shorter, x[prefix] == y[prefix] { prefix += 1 }
        return prefix
    }

    /// Four units from `pointer`, the first in the low bits.
    private static func load4(_ pointer: UnsafePointer<UInt16>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The length of the longest common suffix of `a` and `b` no longer than `limit`, found a block at a time.
    package static func commonSuffix(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>, limit: Int)
        -> Int
    {
        let longest = Swift.min(limit, a.count, b.count)
        guard longest > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        var suffix = 0
        let block = 64
        while suffix + block <= longest,
            memcmp(x + a.count - suffix - block, y + b.count - suffix - block, block * 2) == 0
        {
            suffix += block
        }
        while suffix + 4 <= longest {
            let difference = load4(x + a.count - suffix - 4) ^ load4(y + b.count - suffix - 4)
            if difference != 0 { return suffix + difference.leadingZeroBitCount / 16 }
            suffix += 4
        }
        while suffix < longest, x[a.count - 1 - suffix] == y[b.count - 1 - suffix] { suffix += 1 }
        return suffix
    }
}

extension UTF16Text: RandomAccessCollection {
    /// 0.
    public var startIndex: Int { 0 }
    /// The length.
    public var endIndex: Int { units.count }
    /// The unit at `position`.
    public subscript(position: Int) -> UInt16 { units[position] }
}

extension UTF16Text: CustomStringConvertible, CustomDebugStringConvertible {
    /// The text with lone surrogates shown as `<D83D>`.
    public var description: String { visibleDescription }

    /// `UTF16Text("a<D83D>")`.
    public var debugDescription: String { "UTF16Text(\"\(visibleDescription)\")" }
}

extension String {
    /// The string that `text` spells, or `nil` if it holds a lone surrogate.
    ///
    /// Transcoded to UTF-8 in one pass that also finds lone surrogates: the standard
    /// library's UTF-16 decoding takes a generic path several times slower, and reading a
    /// session file makes a string of every name and value in it.
    public init?(validating text: UTF16Text) {
        var lone = false
        let string = text.units.withUnsafeBufferPointer { source in
            // At most three bytes per unit: a surrogate pair's four bytes stand for two units.
            String(unsafeUninitializedCapacity: source.count * 3) { bytes in
                var out = 0
                var index = 0
                while index < source.count {
                    let unit = source[index]
                    index += 1
                    if unit < 0x80 {
                        bytes[out] = UInt8(truncatingIfNeeded: unit)
                        out += 1
                    } else if unit < 0x800 {
                        bytes[out] = 0xC0 | UInt8(truncatingIfNeeded: unit >> 6)
                        bytes[out + 1] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                        out += 2
                    } else if !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit) {
                        bytes[out] = 0xE0 | UInt8(truncatingIfNeeded: unit >> 12)
                        bytes[out + 1] = 0x80 | UInt8(truncatingIfNeeded: (unit >> 6) & 0x3F)
                        bytes[out + 2] = 0x80 | UInt8(truncatingIfNeeded: unit & 0x3F)
                        out += 3
                    } else if UTF16.isLeadSurrogate(unit), index < source.count,
                        UTF16.isTrailSurrogate(source[index])
                    {
                        let scalar = 0x10000 + (UInt32(unit & 0x3FF) << 10) + UInt32(source[index] & 0x3FF)
                        index += 1
                        bytes[out] = 0xF0 | UInt8(truncatingIfNeeded: scalar >> 18)
                        bytes[out + 1] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F)
                        bytes[out + 2] = 0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F)
                        bytes[out + 3] = 0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F)
                        out += 4
                    } else {
                        lone = true
                        return 0
                    }
                }
                return out
            }
        }
        if lone { return nil }
        self = string
    }
}
