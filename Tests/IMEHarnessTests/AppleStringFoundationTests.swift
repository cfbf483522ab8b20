import Foundation
import IMEHarness
import Testing

/// The `NSString` methods text-field code uses, each against Linux Foundation's answer on
/// texts where Foundation is right (no lone surrogates, no ranges it would widen): ASCII,
/// CJK, emoji with modifiers, flags, fullwidth digits, whitespace.
@Suite struct AppleStringFoundationTests {
    static let texts = [
        "", "abc", "  42abc", "-17", "+8", "12.5kg", "  -3.25e2x", "1e", ".5", "abc,,def,", "中文，逗号", "👍🏽 ok 👍🏽",
        "🇯🇵🇰🇷", "１２３", "\t\n 99", "9223372036854775808", "-9223372036854775809", "e5", "3.", "0x1F",
    ]
    static let needles = ["", "a", ",", "，", "👍🏽", "🇰🇷", "ok", "x", "2", " "]

    @Test(arguments: texts) func searchingMatchesFoundation(_ text: String) {
        let apple = AppleString(text)
        let foundation = NSString(string: text)
        for needle in Self.needles {
            let expected = foundation.range(of: needle)
            let got = apple.range(of: needle)
            #expect(
                got.location == expected.location && (expected.location == NSNotFound || got.length == expected.length),
                "range(of: \(needle)) in \(text)")
            #expect(apple.contains(needle) == (expected.location != NSNotFound) || needle.isEmpty)
            #expect(apple.hasPrefix(needle) == foundation.hasPrefix(needle), "hasPrefix(\(needle)) in \(text)")
            #expect(apple.hasSuffix(needle) == foundation.hasSuffix(needle), "hasSuffix(\(needle)) in \(text)")
            if !needle.isEmpty {
                #expect(apple.components(separatedBy: needle) == foundation.components(separatedBy: needle))
            }
        }
        #expect(
            apple.trimmingCharacters(in: .whitespacesAndNewlines)
                == foundation.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Linux Foundation's scanner traps on a text that begins with a surrogate pair (an
    /// emoji); iOS answers 0, and so does this.
    @Test func aTextBeginningWithAnEmojiIsNoNumber() {
        for text in ["👍🏽 ok 👍🏽", "🇯🇵🇰🇷", "😀12"] {
            #expect(AppleString(text).integerValue == 0 && AppleString(text).doubleValue == 0)
        }
    }

    @Test(arguments: texts.filter { ($0.unicodeScalars.first?.value ?? 0) <= 0xFFFF })
    func numbersMatchFoundation(_ text: String) {
        let apple = AppleString(text)
        let foundation = NSString(string: text)
        #expect(apple.integerValue == foundation.integerValue, "integerValue of \(text)")
        // Linux Foundation traps converting an out-of-range integerValue to Int32 (iOS clamps).
        if Int32(exactly: foundation.integerValue) != nil {
            #expect(apple.intValue == foundation.intValue, "intValue of \(text)")
        } else {
            #expect(apple.intValue == (apple.integerValue < 0 ? Int32.min : Int32.max))
        }
        // Linux Foundation's scanner answers 0 for "1e" and for a text that begins with a
        // newline; Apple's doubleValue reads the number as C's strtod does, and so does this.
        if ["1e", "\t\n 99"].contains(text) {
            #expect(apple.doubleValue == text.withCString { strtod($0, nil) }, "doubleValue of \(text)")
        } else {
            #expect(apple.doubleValue == foundation.doubleValue, "doubleValue of \(text)")
        }
    }

    @Test func mutableStringEditsUnitsAsFoundationDoes() {
        let apple = AppleMutableString(string: "中文👍🏽")
        let foundation = NSMutableString(string: "中文👍🏽")
        for edit in 0..<4 {
            switch edit {
            case 0:
                apple.insert("ab", at: 1)
                foundation.insert("ab", at: 1)
            case 1:
                apple.replaceCharacters(in: NSRange(location: 0, length: 3), with: "X")
                foundation.replaceCharacters(in: NSRange(location: 0, length: 3), with: "X")
            case 2:
                apple.deleteCharacters(in: NSRange(location: 1, length: 1))
                foundation.deleteCharacters(in: NSRange(location: 1, length: 1))
            default:
                apple.append("!")
                foundation.append("!")
            }
            #expect(apple.string == foundation as String)
            #expect(apple.length == foundation.length)
        }
    }

    /// Where iOS and Linux Foundation part: a cut inside an emoji leaves a lone surrogate
    /// in the text on iOS, and here.
    @Test func aMutableStringKeepsTheLoneSurrogateACutLeaves() {
        let text = AppleMutableString(string: "a😀")
        text.deleteCharacters(in: NSRange(location: 2, length: 1))
        #expect(text.appleString.text.units == [0x61, 0xD83D])
    }

    /// The pattern is compiled once per thread, and still answers per text.
    @Test func matchesKeepsItsAnswersWithTheCompiledPattern() {
        let price = #"^\d{0,6}(\.\d{0,2})?$"#
        for (text, expected) in [("12.5", true), ("12.555", false), ("", true), ("１２", true), ("a", false)] {
            #expect(AppleString(text).matches(price) == expected, "\(text)")
        }
    }
}
