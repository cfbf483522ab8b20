import Graphemes

/// The keyboard a field asks for (`UITextInputTraits.keyboardType`), by UIKit's names.
///
/// The shipped profiles model an iPhone. On an iPad the number and phone pads are not
/// shown: the full keyboard appears, opened on its numbers (public answers to "number pad
/// on iPad", e.g. Stack Overflow 39642240), so there a pad restricts nothing.
public enum KeyboardType: String, Sendable, CaseIterable {
    /// The input method's own keyboard: types anything the input method produces.
    case `default`
    /// "A keyboard that displays standard ASCII characters" (Apple's documentation).
    case asciiCapable
    /// The full keyboard opened on its numbers and punctuation; ASCII, like ``asciiCapable``.
    case numbersAndPunctuation
    /// The full keyboard with `/` and `.com`; ASCII. Smart quotes stay on: Apple documents
    /// them off for email and password keyboards only (`UITextSmartQuotesType.default`).
    case url = "URL"
    /// Digits only, no decimal point and no Return key, in the region's own digits: "A
    /// number pad with locale-appropriate digits (0-9, ۰-۹, ०-९, etc.)" (the UIKit header,
    /// `UIKeyboardTypeNumberPad`; `documented`).
    case numberPad
    /// "The numbers 0 through 9 and the `*` and `#` characters" (Apple's documentation),
    /// and `+` behind the same key (the "+*#" key in public answers on the phone pad).
    case phonePad
    /// A keyboard for a name or a phone number: the ASCII keyboard (modelled as ``asciiCapable``).
    case namePhonePad
    /// ASCII, with `@` and `.` prominent; smart quotes are off ("smart quotes are disabled
    /// for email address and password keyboards", `UITextSmartQuotesType.default`).
    case emailAddress
    /// Digits and the region's decimal separator: "the keypad will show either a period
    /// or a comma depending on the user's locale" (Stack Overflow 14913269, 5959917,
    /// 11487850 — a Finnish and a German device show `,`).
    case decimalPad
    /// The full keyboard with `@` and `#`; ASCII, like ``asciiCapable``.
    case twitter
    /// The full keyboard with a Go key; ASCII, like ``asciiCapable``.
    case webSearch
    /// "A number pad that outputs only ASCII digits" (Apple's documentation).
    case asciiCapableNumberPad
}

/// A field's keyboard: its type, and the region format whose digits and decimal separator
/// a number pad shows (iOS Settings › General › Language & Region, not the language typed).
public struct Keyboard: Hashable, Sendable {
    /// The keyboard type.
    public var type: KeyboardType
    /// A BCP 47 tag (`de-DE`); `nil` for the session's locale.
    public var region: String?

    /// A keyboard of `type`, showing the number symbols of `region`.
    public init(_ type: KeyboardType, region: String? = nil) {
        self.type = type
        self.region = region
    }
}

/// What the keys of a keyboard type, resolved for a region: which text a user can type on
/// it, and where a key is what the keyboard is made for (a digit in an empty field, the
/// decimal separator after the first digits).
///
/// Only typing is bound by the keyboard: a paste, dictation, a hardware keyboard or the
/// app's own `setText` put anything into any field (Apple's `keyboardType` only chooses
/// what is displayed).
public struct KeyboardKeys: Hashable, Sendable {
    /// The keyboard, as the session or campaign named it.
    public let keyboard: Keyboard
    /// The region whose number symbols a pad shows, when one was needed.
    public let region: String?
    /// The digit keys of a pad, zero to nine; empty for a full keyboard.
    public let digits: [UTF16Text]
    /// The decimal pad's separator key.
    public let decimalSeparator: UTF16Text?
    /// The phone pad's other keys.
    public let symbols: [UTF16Text]

    /// Resolves `keyboard`; `locale` (the session's) stands in for a missing region.
    ///
    /// - Throws: ``LocaleError`` when a pad's region is unknown to ICU, or missing.
    public init(_ keyboard: Keyboard, locale: String?) throws(LocaleError) {
        self.keyboard = keyboard
        var digits: [UTF16Text] = []
        var separator: UTF16Text?
        var symbols: [UTF16Text] = []
        var region: String?
        switch keyboard.type {
        case .numberPad, .decimalPad:
            let tag = keyboard.region ?? locale ?? ""
            let numbers = try LocaleNumbers(languageTag: tag)
            region = tag
            digits = numbers.digits
            if keyboard.type == .decimalPad { separator = numbers.decimalSeparator }
        case .phonePad, .asciiCapableNumberPad:
            digits = KeyboardKeys.asciiDigits
            if keyboard.type == .phonePad { symbols = ["*", "#", "+"].map { UTF16Text($0) } }
        default: break
        }
        self.region = region
        self.digits = digits
        decimalSeparator = separator
        self.symbols = symbols
    }

    private static let asciiDigits = (0...9).map { UTF16Text(String($0)) }

    /// Whether the keyboard is a pad of a few keys (number, decimal, phone).
    public var isPad: Bool { !digits.isEmpty }

    /// The keys of a pad, in the order they are shown; empty for a full keyboard.
    public var keys: [UTF16Text] { digits + (decimalSeparator.map { [$0] } ?? []) + symbols }

    /// What smart punctuation puts in place of a straight quote (opening or closing) or two
    /// hyphens (`UITextSmartQuotesType`, `UITextSmartDashesType`; the `latin/smart-*`
    /// sessions).
    package static let smartReplacements: [(typed: UTF16Text, becomes: [UTF16Text])] = [
        ("'", ["\u{2018}", "\u{2019}"]), ("\"", ["\u{201C}", "\u{201D}"]), ("--", ["\u{2014}"]),
    ]

    /// What smart punctuation produces, which an ASCII keyboard therefore also types, except
    /// where smart quotes are off: "smart quotes are disabled for email address and password
    /// keyboards" (`UITextSmartQuotesType.default`).
    private static let smartPunctuation: [UTF16Text] = smartReplacements.flatMap(\.becomes)

    /// Whether a user can type `text` on this keyboard (as keys, a commit or a
    /// replacement its predictions make): for a pad, every cluster is a key; for an ASCII
    /// keyboard, every scalar is printable ASCII (or smart punctuation); for the default
    /// keyboard, anything.
    public func canType(_ text: UTF16Text) -> Bool { canType(text, secure: false) }

    /// ``canType(_:)`` on a field that is `secure` (a password field), which gets no
    /// smart punctuation.
    public func canType(_ text: UTF16Text, secure: Bool) -> Bool {
        switch keyboard.type {
        case .default: return true
        case _ where isPad:
            let keys = self.keys
            return text.graphemeClusters.allSatisfy { keys.contains(text[$0]) }
        default:
            let smart = keyboard.type != .emailAddress && !secure
            return text.graphemeClusters.allSatisfy { range in
                let cluster = text[range]
                if smart, Self.smartPunctuation.contains(cluster) { return true }
                return cluster.units.allSatisfy {
                    $0 < 0x80 && CodePointProperties(codePoint: UInt32($0)).generalCategory != .control
                }
            }
        }
    }

    /// Whether `key`, typed at the end of the committed text `before`, is where the pad is
    /// made for it: a digit or phone key in an empty field, the decimal separator right
    /// after a run of the pad's digits. A rule that refuses a key there makes the field
    /// unusable with its own keyboard; deeper positions (a third decimal, a seventh digit)
    /// are the rule's business.
    public func isHome(_ key: UTF16Text, after before: UTF16Text) -> Bool {
        guard isPad else { return false }
        if let decimalSeparator, key == decimalSeparator {
            guard before.length > 0 else { return false }
            return before.graphemeClusters.allSatisfy { digits.contains(before[$0]) }
        }
        return before.length == 0 && (digits.contains(key) || symbols.contains(key))
    }

    /// The keys in words, for messages: `0–9 and ","`.
    public var description: String {
        guard isPad else { return keyboard.type == .default ? "anything" : "printable ASCII" }
        let digitRange = "\(digits[0].description)–\(digits[9].description)"
        let others = (decimalSeparator.map { [$0] } ?? []) + symbols
        return others.isEmpty
            ? digitRange : digitRange + " and " + others.map { "\"\($0.description)\"" }.joined(separator: " ")
    }
}
