import Graphemes
import Testing

@testable import Composition

/// What each keyboard types, resolved for a region, and where a key is what its pad is for.
@Suite struct KeyboardTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var type: KeyboardType
        var region: String?
        var types: [String]
        var doesNotType: [String]
        var testDescription: String { "\(type.rawValue) \(region ?? "")" }
    }

    static let cases: [Case] = [
        Case(type: .decimalPad, region: "de-DE", types: ["0", "9", ",", "12,5"], doesNotType: [".", "a", "١", "+"]),
        Case(type: .decimalPad, region: "en-US", types: ["3.14"], doesNotType: [",", "3,14"]),
        Case(type: .decimalPad, region: "ar-EG", types: ["١٢٫٥"], doesNotType: ["12.5", "12,5"]),
        Case(type: .numberPad, region: "ar-EG", types: ["٠١٢٣٤٥٦٧٨٩"], doesNotType: ["0", "٫"]),
        Case(type: .numberPad, region: "fa-IR", types: ["۱۲۳"], doesNotType: ["١٢٣"]),
        Case(type: .numberPad, region: "en-US", types: ["0123456789"], doesNotType: [".", "١", "０"]),
        Case(type: .asciiCapableNumberPad, region: "ar-EG", types: ["0427"], doesNotType: ["٠"]),
        Case(type: .phonePad, region: nil, types: ["+49*#0"], doesNotType: ["-", "(", "a"]),
        Case(
            type: .asciiCapable, region: nil, types: ["Hello, world! ~", "don\u{2019}t \u{201C}x\u{201D} a\u{2014}b"],
            doesNotType: ["中", "é", "😀", "\t", "ｈ"]),
        Case(type: .emailAddress, region: nil, types: ["a.b+c@example.com"], doesNotType: ["don\u{2019}t", "ü"]),
        Case(type: .default, region: nil, types: ["中😀é\t"], doesNotType: []),
    ]

    @Test(arguments: cases) func typesWhatItsKeysType(_ row: Case) throws {
        let keys = try KeyboardKeys(Keyboard(row.type, region: row.region), locale: nil)
        for text in row.types { #expect(keys.canType(UTF16Text(text)), "\(text)") }
        for text in row.doesNotType { #expect(!keys.canType(UTF16Text(text)), "\(text)") }
    }

    @Test func theRegionFallsBackToTheSessionLocale() throws {
        let keys = try KeyboardKeys(Keyboard(.decimalPad), locale: "fr-FR")
        #expect(keys.region == "fr-FR")
        #expect(keys.decimalSeparator == ",")
        #expect(throws: LocaleError.self) { try KeyboardKeys(Keyboard(.decimalPad), locale: nil) }
    }

    @Test func homePositionsAreTheFirstKeyAndTheSeparatorAfterDigits() throws {
        let keys = try KeyboardKeys(Keyboard(.decimalPad, region: "de-DE"), locale: nil)
        #expect(keys.isHome("7", after: ""))
        #expect(!keys.isHome("7", after: "1"))
        #expect(keys.isHome(",", after: "12"))
        #expect(!keys.isHome(",", after: ""))
        #expect(!keys.isHome(",", after: "1,2"))
        let phone = try KeyboardKeys(Keyboard(.phonePad), locale: nil)
        #expect(phone.isHome("+", after: ""))
        #expect(!phone.isHome("+", after: "4"))
        let full = try KeyboardKeys(Keyboard(.asciiCapable), locale: nil)
        #expect(!full.isHome("7", after: ""))
    }
}
