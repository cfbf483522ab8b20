import Testing

@testable import Graphemes

/// Field notation writes an intact RGI emoji whole and a broken one in its parts, and reads
/// either back to the same units.
@Suite struct EmojiNotationTests {
    @Test(arguments: [
        ("🧔🏽\u{200D}♂\u{FE0F}", "🧔🏽\u{200D}♂\u{FE0F}"), ("☺\u{FE0F}", "☺\u{FE0F}"), ("☺", "☺"),
        (
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        ),
        ("🧔🏽\u{200D}", "🧔🏽<200D>"), ("a\u{200D}", "a<200D>"),
    ])
    func wholeOrInParts(_ text: String, _ notation: String) throws {
        let state = FieldState(text: UTF16Text(text), selection: .caret(at: 0))
        #expect(state.notation == "|" + notation)
        #expect(try FieldState(notation: state.notation) == state)
    }

    /// A caret inside a sequence (a bad range) still shows where it is: the sequence is
    /// written in parts around it.
    @Test func aMarkerInsideASequenceSplitsIt() throws {
        let state = FieldState(text: UTF16Text("👨\u{200D}👩"), selection: .caret(at: 2))
        #expect(state.notation == "👨|<200D>👩")
        #expect(try FieldState(notation: state.notation) == state)
    }
}
