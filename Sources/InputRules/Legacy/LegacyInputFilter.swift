import Composition
import Graphemes

/// The Android-`InputFilter`-style category of seed 004 (`004_96bcc4d12d256137.txt`,
/// "UITextFiledにInputFilter風のバリデーションメソッドを追加する"), spec
/// `legacy-input-filter[:max-length=N][,regex=…][,charset=…]`.
///
/// Original behaviour: `textField:shouldChangeCharactersInRange:replacementString:`
/// returns `validateForCharSet && validateForRegExp && validateForMaxLength`, each on
/// the replacement string alone:
///
/// - `validateForCharSet`: `return ![targetString rangeOfCharacterFromSet:set].location
///   == NSNotFound;` — `!` binds tighter than `==`, so this compares 0 or 1 with
///   `NSNotFound` and is always `NO`: once a set is given, every change is refused,
///   deletions included.
/// - `validateForRegExp`: `numberOfMatchesInString:` over the replacement `> 0`
///   (NSRegularExpression, ICU; a search, not a whole match). The article's pattern
///   `^[a-zA-Z0-9]+$` finds nothing in an empty replacement, so Backspace is refused,
///   and nothing in 中, so a Pinyin commit is refused.
/// - `validateForMaxLength`: `self.text.length + targetString.length <= maxLength`
///   (when `maxLength != 0`): UTF-16 units, the replaced range ignored, marked text
///   counted. With `max-length=4` the Pinyin "zhong" is refused at "zho" (2 units in
///   the field plus 3 in the replacement), so 中 can never be typed.
///
/// Ported to the multi-range delegate unchanged: none of the checks reads the range.
/// `charset` is a Foundation set name (`decimalDigits`, `letters`, `alphanumerics`,
/// `whitespaces`, `punctuationCharacters`, `symbols`; decided from ICU's
/// General_Category as Foundation defines them) or else the characters of
/// `characterSetWithCharactersInString:`; the set is searched faithfully, though the
/// precedence slip makes the answer the same whatever it holds.
package struct LegacyInputFilter: InputRule {
    package let spec: String
    package let maxLength: Int
    package let regex: ICURegex?
    package let charset: CharacterSetSpec?

    package init(spec: String, maxLength: Int = 0, regex: ICURegex? = nil, charset: CharacterSetSpec? = nil) {
        self.spec = spec
        self.maxLength = maxLength
        self.regex = regex
        self.charset = charset
    }

    package var contract: RuleContract {
        var promise: [String] = []
        if maxLength != 0 { promise.append("at most \(maxLength) characters (NSString length)") }
        if let regex { promise.append("input matching \(regex.pattern.visibleDescription)") }
        if charset != nil { promise.append("only characters from the set") }
        return RuleContract(
            promise: promise.isEmpty ? "no restriction" : promise.joined(separator: ", "),
            limit: maxLength != 0 ? .init(maxLength, .utf16) : nil, inputPromise: regex.map(TextPromise.matches))
    }

    package func shouldChange(_ request: ChangeRequest) -> Bool {
        let target = request.call.replacement
        return validateForCharSet(target) && validateForRegExp(target)
            && validateForMaxLength(target, fieldLength: request.field.text.length)
    }

    private func validateForCharSet(_ target: UTF16Text) -> Bool {
        guard let charset else { return true }
        let location = charset.firstLocation(in: target) ?? nsNotFound
        // `!location == NSNotFound`: the negation applies to the location, not the comparison.
        let negated = location == 0 ? 1 : 0
        return negated == nsNotFound
    }

    private func validateForRegExp(_ target: UTF16Text) -> Bool {
        guard let regex else { return true }
        return regex.withMatcher { $0.firstMatch(in: target) } != nil
    }

    private func validateForMaxLength(_ target: UTF16Text, fieldLength: Int) -> Bool {
        maxLength == 0 || fieldLength + target.length <= maxLength
    }
}

/// `NSNotFound` on a 64-bit platform (`NSIntegerMax`).
let nsNotFound = Int.max

/// An `NSCharacterSet` as seed 004's `filterCharSet` holds it.
package enum CharacterSetSpec: Hashable, Sendable, CustomStringConvertible {
    /// One of Foundation's predefined sets, by its class-method name.
    case named(String)
    /// `characterSetWithCharactersInString:`.
    case characters(Set<UInt32>)

    /// The predefined sets understood, with the General_Category groups Foundation documents for them.
    package static let names = [
        "decimalDigits", "letters", "alphanumerics", "whitespaces", "punctuationCharacters", "symbols",
    ]

    /// A set name, else the characters of `value`.
    package init(_ value: String) {
        self = Self.names.contains(value) ? .named(value) : .characters(Set(value.unicodeScalars.map(\.value)))
    }

    package var description: String {
        switch self {
        case .named(let name): name
        case .characters(let scalars):
            String(String.UnicodeScalarView(scalars.sorted().compactMap(Unicode.Scalar.init)))
        }
    }

    /// Whether the set holds `codePoint`.
    package func contains(_ codePoint: UInt32) -> Bool {
        switch self {
        case .characters(let scalars): return scalars.contains(codePoint)
        case .named(let name):
            let category = CodePointProperties(codePoint: codePoint).generalCategory
            switch name {
            case "decimalDigits": return category == .decimalNumber
            case "letters": return category.isLetter || category.isMark
            case "alphanumerics": return category.isLetter || category.isMark || category.isNumber
            case "whitespaces": return category == .spaceSeparator || codePoint == 0x09
            case "punctuationCharacters": return category.isPunctuation
            default: return category.isSymbol
            }
        }
    }

    /// `rangeOfCharacterFromSet:`'s location: the UTF-16 offset of the first character in the set.
    package func firstLocation(in text: UTF16Text) -> Int? {
        var offset = 0
        for element in text.decodedUnits {
            if contains(element.codePoint) { return offset }
            offset += element.utf16Length
        }
        return nil
    }
}
