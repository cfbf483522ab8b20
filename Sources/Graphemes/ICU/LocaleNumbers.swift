internal import CICU

/// How a locale writes numbers, from CLDR through ICU (`unum_getSymbol` of the locale's
/// default decimal format): its digits and its separators. `de-DE` writes 3,5 and
/// 1.234; `ar-EG` writes ٣٫٥ with Arabic-Indic digits.
public struct LocaleNumbers: Hashable, Sendable {
    /// The BCP 47 tag the symbols were read for.
    public let languageTag: String
    /// The digits zero to nine of the locale's default numbering system.
    public let digits: [UTF16Text]
    /// What separates the integer part from the fraction (`,` in de-DE).
    public let decimalSeparator: UTF16Text
    /// What groups thousands (`.` in de-DE, a narrow no-break space in fr-FR).
    public let groupingSeparator: UTF16Text

    /// Reads the symbols of the locale named by the BCP 47 `languageTag` (`de-DE`, `zh-Hant-TW`).
    ///
    /// - Throws: ``LocaleError`` when the tag is malformed or ICU has no data for it (where
    ///   ICU itself would quietly use the root locale's symbols).
    public init(languageTag: String) throws(LocaleError) {
        // Reading the symbols asks ICU twelve times; a session file names the same few
        // regions session after session.
        let cache = Self.perThread.value
        if let known = cache.read[languageTag] {
            self = try known.get()
            return
        }
        let read = Result { () throws(LocaleError) in try LocaleNumbers(reading: languageTag) }
        if cache.read.count == 64 { cache.read.removeAll() }
        cache.read[languageTag] = read
        self = try read.get()
    }

    /// The symbols this thread has read, by tag (at most 64; then it starts again).
    private final class Cache {
        var read: [String: Result<LocaleNumbers, LocaleError>] = [:]
    }

    private static let perThread = ThreadLocal { Cache() }

    private init(reading languageTag: String) throws(LocaleError) {
        func symbol(_ which: Int32) throws(LocaleError) -> UTF16Text {
            var buffer = [UInt16](repeating: 0, count: 16)
            var status: Int32 = 0
            let length = buffer.withUnsafeMutableBufferPointer {
                cicu_number_symbol(languageTag, which, $0.baseAddress, Int32($0.count), &status)
            }
            // A symbol longer than 16 units does not exist in CLDR; treat it as no data.
            guard status <= 0, length > 0, Int(length) <= buffer.count else {
                throw LocaleError(languageTag: languageTag)
            }
            return UTF16Text(units: Array(buffer[..<Int(length)]))
        }
        // A C string ends at NUL: "en-US\0x" must not pass for en-US.
        guard !languageTag.utf8.contains(0), languageTag.utf8.count <= 100 else {
            throw LocaleError(languageTag: languageTag)
        }
        self.languageTag = languageTag
        var digits: [UTF16Text] = []
        for digit in Int32(0)...9 { digits.append(try symbol(digit)) }
        self.digits = digits
        decimalSeparator = try symbol(Int32(CICU_NUMBER_SYMBOL_DECIMAL_SEPARATOR))
        groupingSeparator = try symbol(Int32(CICU_NUMBER_SYMBOL_GROUPING_SEPARATOR))
    }
}

/// A locale that is not a well-formed BCP 47 tag, or that ICU has no data for.
public struct LocaleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The tag as given.
    public var languageTag: String

    /// What is wrong, and what was expected.
    public var description: String {
        "no locale data for \"\(languageTag)\" (expected a BCP 47 tag ICU knows, like en-US, de-DE or zh-Hant-TW)"
    }
}
