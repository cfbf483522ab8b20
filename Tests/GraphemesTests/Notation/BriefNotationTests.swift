import Graphemes
import Testing

/// Long fields in messages: a window around the selection and marked text, the rest counted.
@Suite struct BriefNotationTests {
    @Test func shortTextsAreWrittenWhole() throws {
        let state = try FieldState(notation: "ab[ㄨㄤ|]")
        #expect(state.briefNotation == state.notation)
        #expect(UTF16Text("王").briefDescription == "王")
    }

    @Test func longFieldsKeepTheirCaretAndMarkedText() throws {
        let long = String(repeating: "abcd", count: 1_000)
        let state = try FieldState(notation: long + "[ㄨㄤ|]xyz")
        #expect(state.briefNotation.hasSuffix("[ㄨㄤ|]xyz"))
        #expect(state.briefNotation.hasPrefix("…("))
        #expect(state.briefNotation.count < 200)
        let start = try FieldState(notation: "|" + long)
        #expect(start.briefNotation.hasPrefix("|abcd"))
        #expect(start.briefNotation.hasSuffix(" units)…"))
    }

    @Test func longTextsNeverSplitASurrogatePair() {
        let text = UTF16Text(String(repeating: "😀", count: 300))
        let brief = text.briefDescription
        #expect(!brief.contains("<D83D>") && !brief.contains("<DE00>"))
        #expect(brief.contains("units)…"))
    }
}
