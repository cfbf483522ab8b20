import Testing

@testable import Graphemes

/// The number symbols a keyboard's locale gives it, as CLDR (through ICU) has them.
@Suite struct LocaleNumbersTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var tag: String
        var zero: Unicode.Scalar
        var decimal: String
        var testDescription: String { tag }
    }

    static let cases: [Case] = [
        Case(tag: "en-US", zero: "0", decimal: "."),
        Case(tag: "de-DE", zero: "0", decimal: ","),
        Case(tag: "fr-FR", zero: "0", decimal: ","),
        Case(tag: "pt-BR", zero: "0", decimal: ","),
        Case(tag: "zh-Hans-CN", zero: "0", decimal: "."),
        Case(tag: "ja-JP", zero: "0", decimal: "."),
        // Arabic-Indic digits and the Arabic decimal separator U+066B.
        Case(tag: "ar-EG", zero: "\u{0660}", decimal: "\u{066B}"),
        // Extended Arabic-Indic (Persian) digits.
        Case(tag: "fa-IR", zero: "\u{06F0}", decimal: "\u{066B}"),
    ]

    @Test(arguments: cases) func symbols(_ row: Case) throws {
        let numbers = try LocaleNumbers(languageTag: row.tag)
        #expect(numbers.digits.count == 10)
        #expect(numbers.digits[0] == UTF16Text(String(row.zero)))
        // The digits are consecutive code points of one numbering system.
        for (value, digit) in numbers.digits.enumerated() {
            #expect(digit == UTF16Text(String(Unicode.Scalar(row.zero.value + UInt32(value))!)))
        }
        #expect(numbers.decimalSeparator == UTF16Text(row.decimal))
    }

    @Test(arguments: ["xx-YY", "de_DE", "", "de-DE-!", "en-US\u{0}x"])
    func unknownOrMalformed(_ tag: String) {
        #expect(throws: LocaleError(languageTag: tag)) { try LocaleNumbers(languageTag: tag) }
    }
}
