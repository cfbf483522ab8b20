internal import CICU

/// The emoji properties of strings from UTS #51, answered by ICU (`u_stringHasBinaryProperty`).
package enum EmojiStringProperty: Sendable, CaseIterable {
    /// `RGI_Emoji` (`UCHAR_RGI_EMOJI`): any of the kinds below.
    case rgiEmoji
    /// `Basic_Emoji` (`UCHAR_BASIC_EMOJI`).
    case basicEmoji
    /// `Emoji_Keycap_Sequence` (`UCHAR_EMOJI_KEYCAP_SEQUENCE`).
    case keycapSequence
    /// `RGI_Emoji_Flag_Sequence` (`UCHAR_RGI_EMOJI_FLAG_SEQUENCE`).
    case flagSequence
    /// `RGI_Emoji_Modifier_Sequence` (`UCHAR_RGI_EMOJI_MODIFIER_SEQUENCE`).
    case modifierSequence
    /// `RGI_Emoji_Tag_Sequence` (`UCHAR_RGI_EMOJI_TAG_SEQUENCE`).
    case tagSequence
    /// `RGI_Emoji_ZWJ_Sequence` (`UCHAR_RGI_EMOJI_ZWJ_SEQUENCE`).
    case zwjSequence

    fileprivate var cValue: cicu_string_property {
        switch self {
        case .rgiEmoji: CICU_STRING_RGI_EMOJI
        case .basicEmoji: CICU_STRING_BASIC_EMOJI
        case .keycapSequence: CICU_STRING_EMOJI_KEYCAP_SEQUENCE
        case .flagSequence: CICU_STRING_RGI_EMOJI_FLAG_SEQUENCE
        case .modifierSequence: CICU_STRING_RGI_EMOJI_MODIFIER_SEQUENCE
        case .tagSequence: CICU_STRING_RGI_EMOJI_TAG_SEQUENCE
        case .zwjSequence: CICU_STRING_RGI_EMOJI_ZWJ_SEQUENCE
        }
    }

    /// The sequence type this property defines, for all but ``rgiEmoji``.
    var sequenceType: EmojiSequenceType? {
        switch self {
        case .rgiEmoji: nil
        case .basicEmoji: .basic
        case .keycapSequence: .keycap
        case .flagSequence: .flag
        case .modifierSequence: .modifier
        case .tagSequence: .tag
        case .zwjSequence: .zwj
        }
    }

    /// Whether the whole of `units` is one string with this property.
    package func isHeld(by units: UnsafeBufferPointer<UInt16>) -> Bool {
        cicu_string_has_property(units.baseAddress, Int32(units.count), cValue) != 0
    }

    /// Whether the whole of `text` is one string with this property.
    package func isHeld(by text: UTF16Text) -> Bool {
        text.units.withUnsafeBufferPointer { isHeld(by: $0) }
    }
}

extension EmojiSequenceType {
    /// The type of the RGI emoji `units`, or `nil` if they are not exactly one RGI emoji.
    ///
    /// Every answer is ICU's. The six types partition `RGI_Emoji` (UTS #51 ED-27), so
    /// asking for each type is enough. The first question is the type the shape of the
    /// sequence suggests (a ZWJ sequence contains U+200D, a keycap sequence ends with
    /// U+20E3, a tag sequence with U+E007F, ...), so an emoji usually costs one question.
    static func of(_ units: UnsafeBufferPointer<UInt16>) -> EmojiSequenceType? {
        let likely: EmojiStringProperty
        if units.contains(0x200D) {
            likely = .zwjSequence
        } else {
            switch units.last {
            case 0x20E3: likely = .keycapSequence
            case 0xDC7F: likely = .tagSequence  // the low surrogate of U+E007F CANCEL TAG
            case 0xFE0F: likely = .basicEmoji
            default: likely = units.count == 4 && UTF16.isLeadSurrogate(units[2]) ? .flagSequence : .modifierSequence
            }
        }
        if likely.isHeld(by: units) { return likely.sequenceType }
        for property in EmojiStringProperty.allCases where property != likely && property != .rgiEmoji {
            if property.isHeld(by: units) { return property.sequenceType }
        }
        return nil
    }
}
