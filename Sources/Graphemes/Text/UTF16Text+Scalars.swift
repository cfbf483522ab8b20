/// One element of UTF-16 text decoded as far as it can be: a scalar, or a lone surrogate.
package enum DecodedUnit: Hashable, Sendable {
    /// A Unicode scalar, from one unit or a surrogate pair.
    case scalar(Unicode.Scalar)
    /// A surrogate code unit that is not part of a pair.
    case loneSurrogate(UInt16)

    /// The code point value: the scalar's, or the surrogate unit's own value (as ICU reports it).
    package var codePoint: UInt32 {
        switch self {
        case .scalar(let scalar): scalar.value
        case .loneSurrogate(let unit): UInt32(unit)
        }
    }

    /// How many UTF-16 code units the element occupies (1 or 2).
    package var utf16Length: Int {
        switch self {
        case .scalar(let scalar): scalar.value > 0xFFFF ? 2 : 1
        case .loneSurrogate: 1
        }
    }
}

extension UTF16Text {
    /// The text decoded into scalars, with each lone surrogate kept as itself.
    package var decodedUnits: [DecodedUnit] {
        var result: [DecodedUnit] = []
        result.reserveCapacity(units.count)
        var offset = 0
        while offset < units.count {
            let decoded = Self.decode(units, at: offset)
            result.append(decoded)
            offset += decoded.utf16Length
        }
        return result
    }

    /// The offsets of the lone surrogates in the text.
    package var loneSurrogateOffsets: [Int] {
        var offsets: [Int] = []
        var offset = 0
        while offset < units.count {
            let decoded = Self.decode(units, at: offset)
            if case .loneSurrogate = decoded { offsets.append(offset) }
            offset += decoded.utf16Length
        }
        return offsets
    }

    /// Whether any unit is a surrogate that is not part of a pair.
    package var hasLoneSurrogates: Bool {
        var offset = 0
        while offset < units.count {
            let decoded = Self.decode(units, at: offset)
            if case .loneSurrogate = decoded { return true }
            offset += decoded.utf16Length
        }
        return false
    }

    /// Decodes the element starting at `offset` in `units`.
    static func decode<Units: RandomAccessCollection<UInt16>>(_ units: Units, at offset: Int)
        -> DecodedUnit
    where Units.Index == Int {
        let unit = units[units.startIndex + offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.count {
            let next = units[units.startIndex + offset + 1]
            if UTF16.isTrailSurrogate(next) {
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(next) - 0xDC00)
                if let scalar = Unicode.Scalar(value) { return .scalar(scalar) }
            }
        }
        if let scalar = Unicode.Scalar(unit) { return .scalar(scalar) }
        return .loneSurrogate(unit)
    }

    /// Whether `offset` falls between the two units of a surrogate pair.
    package func splitsSurrogatePair(at offset: Int) -> Bool {
        guard offset > 0, offset < units.count else { return false }
        return UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])
    }
}

extension UTF16Text {
    /// The lengths of the longest common prefix and suffix of the two texts, in UTF-16
    /// units, neither cutting a surrogate pair and together no longer than the shorter
    /// text: what an edit from `self` to `other` left untouched at each end.
    package func commonAffixes(with other: UTF16Text) -> (prefix: Int, suffix: Int) {
        let old = units
        let new = other.units
        let shorter = Swift.min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        if prefix > 0, UTF16.isLeadSurrogate(old[prefix - 1]) { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        if suffix > 0, UTF16.isTrailSurrogate(old[old.count - suffix]) { suffix -= 1 }
        return (prefix, suffix)
    }
}
