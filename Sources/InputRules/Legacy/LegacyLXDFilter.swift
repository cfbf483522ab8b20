import Composition
import Graphemes

/// The editing-changed filters of seed 000 (`000_658bfa2dbcc9f581.txt`, "Practical
/// UITextField Input Rules and Keyboard Handling", Sindri, 2016; the LXDTextRestrict
/// demo), reproduced unit for unit.
///
/// Original behaviour: on `UIControlEventEditingChanged`, `kFilterString` walks
/// `textField.text` one UTF-16 code unit at a time, takes `substringWithRange:
/// NSMakeRange(idx, 1)` and keeps the unit only if `[NSPredicate predicateWithFormat:
/// @"SELF MATCHES %@"]` accepts it, then assigns `textField.text` — on every change,
/// even when nothing was removed, so any composition in progress ends at once. The
/// patterns run here on ICU, the engine behind `MATCHES`, over the same one-unit strings:
///
/// - `legacy-lxd-number` (`LXDNumberTextRestrict`, `^\d$`): ICU's `\d` is any
///   General_Category Nd, so ٣, ३ and fullwidth ７ stay in a "digits only" field, while
///   digits outside the BMP (𝟕, a surrogate pair) are always deleted.
/// - `legacy-lxd-decimal` (`LXDDecimalTextRestrict`, `^[0-9.]$`): any number of dots.
/// - `legacy-lxd-character` (`LXDCharacterTextRestrict`, `^[^[\u4e00-\u9fa5]]$`, "no
///   Chinese"): only the original URO range is denied, so Extension A (㐀), the
///   ideographs added to the URO after Unicode 4.1 (鿦), compatibility ideographs (豈),
///   Bopomofo and every ideograph outside the BMP (𠀀: each half of the pair matches the
///   negated set) pass.
/// - `legacy-lxd-emoji` (`LXDEmojiTextRestrict`, "only emoji"): the article's own
///   pattern, which it calls incomplete; a lone surrogate never matches its astral
///   ranges, so every emoji outside the BMP is deleted and 👩🏽‍💻 is destroyed.
///
/// The article's `maxLength` property (`maxTextLength` on the text field) is stored but
/// never read by any filter; `max-length=N` declares it in the contract (UTF-16 units,
/// `NSString.length`) so replay reports what the field does with it: nothing.
package struct LegacyLXDFilter: InputRule {
    package enum Variant: String, CaseIterable, Sendable {
        case number, decimal, character, emoji

        /// The pattern as the article writes it.
        package var pattern: String {
            switch self {
            case .number: #"^\d$"#
            case .decimal: #"^[0-9.]$"#
            case .character: #"^[^[\u4e00-\u9fa5]]$"#
            case .emoji: PerUnitRegexFilter.seed000EmojiPattern
            }
        }

        /// The spec name, `legacy-lxd-number` etc.
        package var ruleName: String { "legacy-lxd-\(rawValue)" }

        var promise: String {
            switch self {
            case .number: "only digits (LXDRestrictTypeOnlyNumber, 只允许输入数字)"
            case .decimal: "only a real number, digits and '.' (LXDRestrictTypeOnlyDecimal, 只允许输入实数，包括.)"
            case .character: "no Chinese (LXDRestrictTypeOnlyCharacter, 只允许非中文输入)"
            case .emoji: "only emoji, and every emoji typed survives (LXDEmojiTextRestrict)"
            }
        }
    }

    package let variant: Variant
    package let maxLength: Int?
    package let spec: String
    let verdicts: UnitVerdicts

    package init(_ variant: Variant, maxLength: Int? = nil, spec: String) throws(ICUError) {
        self.variant = variant
        self.maxLength = maxLength
        self.spec = spec
        verdicts = UnitVerdicts(PerUnitRegexFilter(regex: try ICURegex(variant.pattern)))
    }

    package var contract: RuleContract {
        let classes: (allowed: [RuleClass]?, denied: [RuleClass]) =
            switch variant {
            case .number: ([.cluster(.digit)], [])
            case .decimal: (nil, [])
            case .character: (nil, [.cluster(.han)])
            case .emoji: ([.cluster(.emoji)], [])
            }
        return RuleContract(
            promise: variant.promise, limit: maxLength.map { .init($0, .utf16) }, allowedClasses: classes.allowed,
            deniedClasses: classes.denied, textPromise: variant == .decimal ? .decimal(separator: 0x2E) : nil)
    }

    /// `textField.text = kFilterString(textField.text, …)`, assigned on every change.
    package func editingChanged(_ change: FieldChange) -> TextAssignment? {
        TextAssignment(verdicts.filter(change.after.text))
    }
}

/// Seed 000's emoji pattern turned round, as apps use it to forbid emoji
/// (`legacy-lxd-no-emoji`).
///
/// Behaviour: `textField(_:shouldChangeCharactersIn:replacementString:)` walks the
/// replacement one UTF-16 unit at a time with the same `SELF MATCHES` predicate and
/// rejects the change when any unit matches. Since a lone surrogate never matches the
/// pattern's astral ranges, 😀, 👍🏽 and every other emoji outside the BMP pass, while
/// ✓ (U+2713) and the other non-emoji dingbats in U+2600–U+27FF are refused. Deletions
/// (an empty replacement) always pass. Ported to the multi-range delegate unchanged: it
/// reads only the replacement.
package struct LegacyNoEmoji: InputRule {
    package let spec: String
    let verdicts: UnitVerdicts

    package init(spec: String) throws(ICUError) {
        self.spec = spec
        verdicts = UnitVerdicts(try PerUnitRegexFilter.seed000Emoji())
    }

    package var contract: RuleContract {
        RuleContract(promise: "no emoji", deniedClasses: [.cluster(.emoji)])
    }

    package func shouldChange(_ request: ChangeRequest) -> Bool {
        !request.call.replacement.units.contains(where: verdicts.matches)
    }
}
