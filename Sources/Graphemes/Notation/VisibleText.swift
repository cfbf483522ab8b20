/// A character a report must not show as itself: one that is invisible, or that could
/// reorder, hide or fake the text around it (a bidi override, a tag, a lone surrogate).
///
/// Reports draw it as a labelled token (`ZWJ`, `RLO`, `VS16`, `D83D`), so that what a
/// field holds is always visible and the text shown can never spoof the report.
package struct VisibleToken: Hashable, Sendable {
    /// Why the character is shown as a token; reports style each kind.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A surrogate unit without its partner.
        case loneSurrogate = "surrogate"
        /// A control character (General_Category Cc).
        case control
        /// A character with the Bidi_Control property: it can reorder the text after it.
        case bidi
        /// A variation selector (Variation_Selector) outside an emoji that uses it.
        case selector
        /// A space other than U+0020, or a line or paragraph separator (Zs, Zl, Zp).
        case space
        /// Any other format or default-ignorable character: ZWJ, ZWNJ, tags, fillers.
        case format
    }

    /// The code point, or the surrogate unit's value.
    package var value: UInt32
    package var kind: Kind
    /// The label a report shows: the abbreviation from Unicode's NameAliases.txt
    /// ("ZWJ", "RLO", "VS16", "NBSP"), else the value in hex ("E0067", "D83D").
    package var label: String
    /// The character's name from ICU ("ZERO WIDTH JOINER"), or "lone surrogate D83D".
    package var name: String

    /// The token for `scalar`, or `nil` when it can be shown as itself.
    package init?(scalar: Unicode.Scalar) {
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return nil }
        let properties = CodePointProperties(codePoint: value)
        let kind: Kind
        if properties.binary.contains(.bidiControl) {
            kind = .bidi
        } else if properties.generalCategory == .control {
            kind = .control
        } else if properties.binary.contains(.variationSelector) {
            kind = .selector
        } else if properties.generalCategory.isSeparator {
            kind = .space
        } else if properties.generalCategory == .format || properties.binary.contains(.defaultIgnorable) {
            kind = .format
        } else {
            return nil
        }
        self.value = value
        self.kind = kind
        self.label = NameAbbreviations.table[value] ?? Self.hex(value)
        self.name = properties.name
    }

    /// The token for a surrogate unit that has no partner.
    package init(loneSurrogate unit: UInt16) {
        value = UInt32(unit)
        kind = .loneSurrogate
        label = Self.hex(value)
        name = "lone surrogate \(label)"
    }

    /// `XXXX`: a code point or unit value in 4 to 6 uppercase hex digits.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// A piece of text as a report shows it: text that can be shown as it is, or a token.
package enum VisiblePiece: Hashable, Sendable {
    case text(String)
    case token(VisibleToken)
}

extension UTF16Text {
    /// The text as runs that can be shown as they are and ``VisibleToken``s for the rest.
    ///
    /// An RGI emoji sequence (UTS #51, from ICU) is kept whole: its ZWJs, variation
    /// selectors and tags are part of the picture. Anywhere else they are tokens, so a
    /// half-built emoji shows what it is made of. Never loses or replaces a unit: the
    /// pieces spell the text exactly, with tokens standing for their units.
    package var visiblePieces: [VisiblePiece] {
        var pieces: [VisiblePiece] = []
        var run = ""
        func flush() {
            if !run.isEmpty { pieces.append(.text(run)) }
            run = ""
        }
        for cluster in graphemeClusters {
            let units = self[cluster]
            if cluster.length > 1, EmojiStringProperty.rgiEmoji.isHeld(by: units),
                let whole = String(validating: units.units, as: UTF16.self)
            {
                run += whole
                continue
            }
            for element in units.decodedUnits {
                switch element {
                case .loneSurrogate(let unit):
                    flush()
                    pieces.append(.token(VisibleToken(loneSurrogate: unit)))
                case .scalar(let scalar):
                    if let token = VisibleToken(scalar: scalar) {
                        flush()
                        pieces.append(.token(token))
                    } else {
                        run.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        flush()
        return pieces
    }
}

extension String {
    /// The string with every ``VisibleToken`` written as `<XXXX>`, as field notation
    /// writes invisible characters (RGI emoji sequences kept whole): for names and specs
    /// shown in plain-text reports, where a bidi override must not reorder the line.
    package var withVisibleTokens: String {
        if unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return self }
        var out = ""
        for piece in UTF16Text(self).visiblePieces {
            switch piece {
            case .text(let run): out += run
            case .token(let token): out += "<\(VisibleToken.hex(token.value))>"
            }
        }
        return out
    }
}
