internal import CICU

/// The Unicode General_Category of a code point (UAX #44).
///
/// The corresponding ICU type is `UCharCategory`, read with `u_charType`.
package enum GeneralCategory: Int32, Sendable, CaseIterable {
    case unassigned = 0
    case uppercaseLetter, lowercaseLetter, titlecaseLetter, modifierLetter,
        otherLetter, nonspacingMark, enclosingMark, spacingMark, decimalNumber, letterNumber,
        otherNumber, spaceSeparator, lineSeparator, paragraphSeparator, control, format,
        privateUse, surrogate, dashPunctuation, openPunctuation, closePunctuation,
        connectorPunctuation, otherPunctuation, mathSymbol, currencySymbol, modifierSymbol,
        otherSymbol, initialPunctuation, finalPunctuation

    /// Whether this is one of the letter categories (L*).
    package var isLetter: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// Whether this is one of the mark categories (M*).
    package var isMark: Bool { self == .nonspacingMark || self == .enclosingMark || self == .spacingMark }

    /// Whether this is one of the number categories (N*).
    package var isNumber: Bool { self == .decimalNumber || self == .letterNumber || self == .otherNumber }

    /// Whether this is one of the punctuation categories (P*).
    package var isPunctuation: Bool {
        switch self {
        case .dashPunctuation, .openPunctuation, .closePunctuation, .connectorPunctuation,
            .otherPunctuation, .initialPunctuation, .finalPunctuation:
            true
        default: false
        }
    }

    /// Whether this is one of the symbol categories (S*).
    package var isSymbol: Bool {
        self == .mathSymbol || self == .currencySymbol || self == .modifierSymbol || self == .otherSymbol
    }

    /// Whether this is one of the separator categories (Z*).
    package var isSeparator: Bool {
        self == .spaceSeparator || self == .lineSeparator || self == .paragraphSeparator
    }
}

/// The East_Asian_Width of a code point (UAX #11).
///
/// The corresponding ICU type is `UEastAsianWidth`.
package enum EastAsianWidth: Int32, Sendable, CaseIterable {
    case neutral = 0
    case ambiguous, halfwidth, fullwidth, narrow, wide
}

/// The Grapheme_Cluster_Break property of a code point (UAX #29, table 2).
///
/// The corresponding ICU type is `UGraphemeClusterBreak`. E_Base, E_Base_GAZ, E_Modifier
/// and Glue_After_Zwj have had no code points since Unicode 11.
package enum GraphemeClusterBreak: Int32, Sendable, CaseIterable {
    case other = 0
    case control, cr, extend, l, lf, lv, lvt, t, v, spacingMark, prepend, regionalIndicator,
        eBase, eBaseGAZ, eModifier, glueAfterZWJ, zwj
}

/// A script, as ICU's `UScriptCode` (UAX #24).
package struct Script: Hashable, Sendable, CustomStringConvertible {
    /// ICU's `UScriptCode` value.
    package var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let common = Script(rawValue: Int32(CICU_SCRIPT_COMMON))
    package static let inherited = Script(rawValue: Int32(CICU_SCRIPT_INHERITED))
    package static let han = Script(rawValue: Int32(CICU_SCRIPT_HAN))
    package static let bopomofo = Script(rawValue: Int32(CICU_SCRIPT_BOPOMOFO))
    package static let hiragana = Script(rawValue: Int32(CICU_SCRIPT_HIRAGANA))
    package static let katakana = Script(rawValue: Int32(CICU_SCRIPT_KATAKANA))
    package static let hangul = Script(rawValue: Int32(CICU_SCRIPT_HANGUL))
    package static let latin = Script(rawValue: Int32(CICU_SCRIPT_LATIN))

    /// The ISO 15924 code, e.g. "Hani" (`uscript_getShortName`).
    package var shortName: String {
        guard let name = cicu_script_short_name(rawValue) else { return "Zzzz" }
        return String(cString: name)
    }

    package var description: String { shortName }
}

/// Binary properties of a code point that the classifier uses (UTS #51, UAX #44).
package struct BinaryProperties: OptionSet, Hashable, Sendable {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `Ideographic` (`UCHAR_IDEOGRAPHIC`).
    package static let ideographic = Self(rawValue: CICU_PROP_IDEOGRAPHIC.rawValue)
    /// `Emoji` (`UCHAR_EMOJI`).
    package static let emoji = Self(rawValue: CICU_PROP_EMOJI.rawValue)
    /// `Emoji_Presentation` (`UCHAR_EMOJI_PRESENTATION`).
    package static let emojiPresentation = Self(rawValue: CICU_PROP_EMOJI_PRESENTATION.rawValue)
    /// `Emoji_Modifier` (`UCHAR_EMOJI_MODIFIER`): the five skin tones.
    package static let emojiModifier = Self(rawValue: CICU_PROP_EMOJI_MODIFIER.rawValue)
    /// `Emoji_Modifier_Base` (`UCHAR_EMOJI_MODIFIER_BASE`).
    package static let emojiModifierBase = Self(rawValue: CICU_PROP_EMOJI_MODIFIER_BASE.rawValue)
    /// `Emoji_Component` (`UCHAR_EMOJI_COMPONENT`).
    package static let emojiComponent = Self(rawValue: CICU_PROP_EMOJI_COMPONENT.rawValue)
    /// `Regional_Indicator` (`UCHAR_REGIONAL_INDICATOR`).
    package static let regionalIndicator = Self(rawValue: CICU_PROP_REGIONAL_INDICATOR.rawValue)
    /// `Extended_Pictographic` (`UCHAR_EXTENDED_PICTOGRAPHIC`).
    package static let extendedPictographic = Self(rawValue: CICU_PROP_EXTENDED_PICTOGRAPHIC.rawValue)
    /// `White_Space` (`UCHAR_WHITE_SPACE`).
    package static let whiteSpace = Self(rawValue: CICU_PROP_WHITE_SPACE.rawValue)
    /// `Default_Ignorable_Code_Point` (`UCHAR_DEFAULT_IGNORABLE_CODE_POINT`).
    package static let defaultIgnorable = Self(rawValue: CICU_PROP_DEFAULT_IGNORABLE.rawValue)
    /// `Variation_Selector` (`UCHAR_VARIATION_SELECTOR`).
    package static let variationSelector = Self(rawValue: CICU_PROP_VARIATION_SELECTOR.rawValue)
    /// `Bidi_Control` (`UCHAR_BIDI_CONTROL`): the explicit directional marks and overrides.
    package static let bidiControl = Self(rawValue: CICU_PROP_BIDI_CONTROL.rawValue)
    /// Decomposition_Type=Canonical: a precomposed character (é, 가).
    package static let canonicalDecomposition = Self(rawValue: CICU_PROP_CANONICAL_DECOMPOSITION.rawValue)
}

/// What ICU says about one code point.
package struct CodePointProperties: Hashable, Sendable {
    /// The code point (a lone surrogate's own value is allowed).
    package var codePoint: UInt32
    package var generalCategory: GeneralCategory
    package var script: Script
    package var eastAsianWidth: EastAsianWidth
    package var graphemeClusterBreak: GraphemeClusterBreak
    package var binary: BinaryProperties

    /// Reads the properties of `codePoint` from ICU in one call.
    package init(codePoint: UInt32) {
        var facts = cicu_code_point_facts()
        cicu_code_point_facts_get(Int32(bitPattern: codePoint), &facts)
        self.codePoint = codePoint
        self.generalCategory = GeneralCategory(rawValue: facts.general_category) ?? .unassigned
        self.script = Script(rawValue: facts.script)
        self.eastAsianWidth = EastAsianWidth(rawValue: facts.east_asian_width) ?? .neutral
        self.graphemeClusterBreak = GraphemeClusterBreak(rawValue: facts.grapheme_cluster_break) ?? .other
        self.binary = BinaryProperties(rawValue: facts.flags)
    }

    /// Reads the properties of a scalar.
    package init(_ scalar: Unicode.Scalar) {
        self.init(codePoint: scalar.value)
    }

    /// The character's name, e.g. "RIGHT-TO-LEFT OVERRIDE"; for code points without one,
    /// ICU's label, e.g. "<control-001B>" or "<lead surrogate-D83D>".
    ///
    /// The corresponding ICU call is `u_charName` with `U_EXTENDED_CHAR_NAME`.
    package var name: String {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = cicu_char_name(Int32(bitPattern: codePoint), &buffer, Int32(buffer.count))
        guard length > 0 else { return "U+" + String(codePoint, radix: 16, uppercase: true) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The character whose Unicode name is `name` ("HANGUL LETTER PIEUP"), `nil` when none
    /// has it (ICU's `u_charFromName`).
    package init?(named name: String) {
        let codePoint = cicu_char_from_name(name)
        guard codePoint >= 0 else { return nil }
        self.init(codePoint: UInt32(codePoint))
    }

    /// The Script_Extensions of the code point (UAX #24), in ICU's order.
    package var scriptExtensions: [Script] {
        var buffer = [Int32](repeating: 0, count: 32)
        var status: Int32 = 0
        let count = cicu_script_extensions(Int32(bitPattern: codePoint), &buffer, Int32(buffer.count), &status)
        guard status <= 0 else { return [script] }
        return buffer.prefix(Int(min(count, Int32(buffer.count)))).map(Script.init(rawValue:))
    }
}
