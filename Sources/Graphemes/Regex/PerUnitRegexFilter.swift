/// The text filter that seed 000 (`kFilterString`, "Practical UITextField Input Rules",
/// 2016) builds every restriction on, reproduced unit for unit.
///
/// The original walks an `NSMutableString` one UTF-16 code unit at a time, takes
/// `substringWithRange:NSMakeRange(idx, 1)` — a lone surrogate when the unit is half
/// of a pair — and keeps the unit only if `[NSPredicate predicateWithFormat:@"SELF
/// MATCHES %@"]` accepts it; otherwise it deletes the unit and looks at the same
/// index again. `MATCHES` is ICU's whole-string match, so this runs the same pattern
/// on the same engine over the same one-unit strings.
package struct PerUnitRegexFilter: Hashable, Sendable {
    package let regex: ICURegex

    package init(regex: ICURegex) {
        self.regex = regex
    }

    /// The emoji pattern of seed 000's `LXDEmojiTextRestrict`, as written in the article:
    /// `^[\ud83c\udc00-\ud83c\udfff]|[\ud83d\udc00-\ud83d\udfff]|[\u2600-\u27ff]$`.
    package static let seed000EmojiPattern =
        #"^[\ud83c\udc00-\ud83c\udfff]|[\ud83d\udc00-\ud83d\udfff]|[\u2600-\u27ff]$"#

    /// The filter of seed 000's `LXDEmojiTextRestrict` ("only emoji").
    package static func seed000Emoji() throws(ICUError) -> PerUnitRegexFilter {
        PerUnitRegexFilter(regex: try ICURegex(seed000EmojiPattern))
    }

    /// The text with every unit that does not match on its own deleted.
    package func filter(_ text: UTF16Text) -> UTF16Text {
        let matcher = regex.makeMatcher()
        var kept: [UInt16] = []
        kept.reserveCapacity(text.length)
        var unit: UInt16 = 0
        for codeUnit in text.units {
            unit = codeUnit
            let matched = withUnsafePointer(to: &unit) {
                matcher.matchesWhole(UnsafeBufferPointer(start: $0, count: 1))
            }
            if matched { kept.append(codeUnit) }
        }
        return UTF16Text(units: kept)
    }
}

/// The verdict of a per-unit filter on each of the 65,536 UTF-16 code units, asked of ICU
/// once per unit: a filter that matches one unit at a time can only ever see these.
package struct UnitVerdicts: Hashable, Sendable {
    private var bits: [UInt64]

    /// Asks `filter`'s pattern about every code unit.
    package init(_ filter: PerUnitRegexFilter) {
        let matcher = filter.regex.makeMatcher()
        var bits = [UInt64](repeating: 0, count: 1024)
        var unit: UInt16 = 0
        for value in 0...0xFFFF {
            unit = UInt16(value)
            let matched = withUnsafePointer(to: &unit) {
                matcher.matchesWhole(UnsafeBufferPointer(start: $0, count: 1))
            }
            if matched { bits[value >> 6] |= 1 << UInt64(value & 63) }
        }
        self.bits = bits
    }

    /// Whether the pattern matches `unit` on its own.
    @inline(__always)
    package func matches(_ unit: UInt16) -> Bool {
        bits[Int(unit) >> 6] & (1 << UInt64(unit & 63)) != 0
    }

    /// `text` with every unit the pattern does not match deleted (``PerUnitRegexFilter/filter(_:)``).
    package func filter(_ text: UTF16Text) -> UTF16Text {
        UTF16Text(units: text.units.filter(matches))
    }
}
