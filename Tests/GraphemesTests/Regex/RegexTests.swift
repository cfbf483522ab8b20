import Testing

@testable import Graphemes

@Suite struct RegexTests {
    struct MatchCase: Sendable, CustomTestStringConvertible {
        var pattern: String
        var text: String
        var matches: Bool
        var testDescription: String { "\(pattern) MATCHES \(text.debugDescription)" }
    }

    /// NSPredicate MATCHES semantics on ICU: whole-string match, `\d` is any Nd digit.
    static let matchCases: [MatchCase] = [
        .init(pattern: #"^\d$"#, text: "7", matches: true),
        .init(pattern: #"^\d$"#, text: "٧", matches: true),
        .init(pattern: #"^\d$"#, text: "７", matches: true),
        .init(pattern: #"^\d$"#, text: "७", matches: true),
        .init(pattern: #"^\d$"#, text: "a", matches: false),
        .init(pattern: #"^\d$"#, text: "12", matches: false),
        .init(pattern: #"\d"#, text: "a1", matches: false),
        .init(pattern: #"^[0-9.]$"#, text: ".", matches: true),
        .init(pattern: #"^[^[\u4e00-\u9fa5]]$"#, text: "a", matches: true),
        .init(pattern: #"^[^[\u4e00-\u9fa5]]$"#, text: "中", matches: false),
        .init(pattern: #"^[^[\u4e00-\u9fa5]]$"#, text: "鿿", matches: true),
        .init(pattern: #"^[^[\u4e00-\u9fa5]]$"#, text: "㐀", matches: true),
    ]

    @Test(arguments: matchCases)
    func matchesWholeStrings(_ testCase: MatchCase) throws {
        let regex = try ICURegex(testCase.pattern)
        #expect(regex.matchesWhole(UTF16Text(testCase.text)) == testCase.matches)
    }

    @Test func findsMatchesAnywhere() throws {
        let matcher = try ICURegex(#"\d+"#).makeMatcher()
        #expect(matcher.firstMatch(in: "ab12c3") == UTF16Range(location: 2, length: 2))
        #expect(matcher.firstMatch(in: "ab12c3", from: 4) == UTF16Range(location: 5, length: 1))
        #expect(matcher.firstMatch(in: "abc") == nil)
    }

    @Test func reportsSyntaxErrorsWithICUsCodeAndOffset() {
        #expect {
            _ = try ICURegex("ab[c")
        } throws: { error in
            guard let error = error as? ICUError else { return false }
            return error.name == "U_REGEX_MISSING_CLOSE_BRACKET" && error.patternOffset != nil
        }
    }

    @Test func matchesLoneSurrogateText() throws {
        let regex = try ICURegex(#"^[\ud800-\udbff]$"#)
        #expect(regex.matchesWhole(UTF16Text(units: [0xD83D])) == true)
        #expect(regex.matchesWhole("a") == false)
    }

    /// Seed 000's emoji filter: one unit at a time, so no unit of a surrogate pair can
    /// match the supplementary classes, and only BMP units in U+2600–U+27FF stay.
    struct FilterCase: Sendable, CustomTestStringConvertible {
        var input: String
        var output: UTF16Text
        var testDescription: String { input }
    }

    static let filterCases: [FilterCase] = [
        .init(input: "✅", output: "✅"),
        .init(input: "a✅b", output: "✅"),
        .init(input: "☺\u{FE0F}", output: "☺"),
        .init(input: "😀", output: ""),
        .init(input: "🀄", output: ""),
        .init(input: "❤\u{FE0F}\u{200D}🔥", output: "❤"),
        .init(input: "1\u{FE0F}\u{20E3}", output: ""),
        .init(input: "中文", output: ""),
    ]

    @Test(arguments: filterCases)
    func seed000EmojiFilterWorksUnitByUnit(_ testCase: FilterCase) throws {
        #expect(try PerUnitRegexFilter.seed000Emoji().filter(UTF16Text(testCase.input)) == testCase.output)
    }
}
