import Foundation
import Testing

@testable import Graphemes

@Suite struct VisibleTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scalar: Unicode.Scalar
        var kind: VisibleToken.Kind?
        var label: String?
        var testDescription: String { "U+" + VisibleToken.hex(scalar.value) }
    }

    /// Which characters become tokens, and their labels (NameAliases.txt abbreviations).
    static let cases: [Case] = [
        .init(scalar: "a", kind: nil, label: nil),
        .init(scalar: "中", kind: nil, label: nil),
        .init(scalar: "\u{0301}", kind: nil, label: nil),  // a combining mark shows on its base
        .init(scalar: " ", kind: nil, label: nil),
        .init(scalar: "\u{0007}", kind: .control, label: "BEL"),
        .init(scalar: "\u{000A}", kind: .control, label: "LF"),
        .init(scalar: "\u{0085}", kind: .control, label: "NEL"),
        .init(scalar: "\u{202E}", kind: .bidi, label: "RLO"),
        .init(scalar: "\u{2067}", kind: .bidi, label: "RLI"),
        .init(scalar: "\u{200F}", kind: .bidi, label: "RLM"),
        .init(scalar: "\u{061C}", kind: .bidi, label: "ALM"),
        .init(scalar: "\u{200D}", kind: .format, label: "ZWJ"),
        .init(scalar: "\u{200B}", kind: .format, label: "ZWSP"),
        .init(scalar: "\u{FEFF}", kind: .format, label: "BOM"),
        .init(scalar: "\u{00AD}", kind: .format, label: "SHY"),
        .init(scalar: "\u{3164}", kind: .format, label: "3164"),  // Hangul filler: default ignorable, looks empty
        .init(scalar: "\u{E0067}", kind: .format, label: "E0067"),  // tag g
        .init(scalar: "\u{FE0F}", kind: .selector, label: "VS16"),
        .init(scalar: "\u{E0100}", kind: .selector, label: "VS17"),
        .init(scalar: "\u{00A0}", kind: .space, label: "NBSP"),
        .init(scalar: "\u{3000}", kind: .space, label: "3000"),
        .init(scalar: "\u{2028}", kind: .space, label: "2028"),
    ]

    @Test(arguments: cases)
    func tokens(_ testCase: Case) {
        let token = VisibleToken(scalar: testCase.scalar)
        #expect(token?.kind == testCase.kind)
        #expect(token?.label == testCase.label)
    }

    @Test func namesComeFromICU() throws {
        #expect(try #require(VisibleToken(scalar: "\u{202E}")).name == "RIGHT-TO-LEFT OVERRIDE")
        #expect(try #require(VisibleToken(scalar: "\u{0007}")).name == "<control-0007>")
        #expect(VisibleToken(loneSurrogate: 0xD83D).label == "D83D")
        #expect(VisibleToken(loneSurrogate: 0xD83D).kind == .loneSurrogate)
    }

    @Test func rgiEmojiStayWholeAndEverythingElseIsTokenised() {
        let pieces = UTF16Text("a\u{202E}👩‍💻x👩\u{200D}").visiblePieces
        #expect(pieces.count == 4)
        #expect(pieces[0] == .text("a"))
        guard case .token(let rlo) = pieces[1], case .token(let zwj) = pieces[3] else {
            Issue.record("expected tokens, got \(pieces)")
            return
        }
        #expect(rlo.label == "RLO")
        #expect(pieces[2] == .text("👩‍💻x👩"))
        #expect(zwj.label == "ZWJ", "a ZWJ that joins nothing is shown")
    }

    @Test func piecesSpellTheTextExactly() {
        let text = UTF16Text(units: [0x61, 0xD83D, 0x200D, 0xD83D, 0xDC69, 0xFE0F, 0x62, 0xDC00])
        var units: [UInt16] = []
        for piece in text.visiblePieces {
            switch piece {
            case .text(let run): units += run.utf16
            case .token(let token): units += UTF16Text.encodedUnits(of: token.value)
            }
        }
        #expect(units == text.units)
        #expect(
            text.visiblePieces.compactMap { if case .token(let token) = $0 { token.label } else { nil } }
                == ["D83D", "ZWJ", "VS16", "DC00"])
    }

    @Test func stringsShowTokensInNotationForm() {
        #expect("plain".withVisibleTokens == "plain")
        #expect("a\u{202E}b".withVisibleTokens == "a<202E>b")
        #expect("👩‍💻!".withVisibleTokens == "👩‍💻!")
        #expect(
            "👩‍💻\u{200D}".withVisibleTokens == "👩<200D>💻<200D>",
            "a trailing ZWJ joins the cluster, which is then no RGI emoji: every part is shown")
    }

    /// The generated table matches Unicode's NameAliases.txt (Debian's unicode-data),
    /// the first abbreviation listed per code point; skipped where the file is missing.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/NameAliases.txt")))
    func abbreviationsMatchNameAliases() throws {
        let text = try String(contentsOfFile: "/usr/share/unicode/NameAliases.txt", encoding: .utf8)
        var expected: [UInt32: String] = [:]
        for line in text.split(separator: "\n") {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3, fields[2] == "abbreviation", let code = UInt32(fields[0], radix: 16) else {
                continue
            }
            if expected[code] == nil { expected[code] = fields[1] }
        }
        #expect(expected.count > 300)
        #expect(NameAbbreviations.table == expected)
    }
}
