import Testing

@testable import Graphemes

@Suite struct TextMetricsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var notation: String
        var utf16: Int, scalars: Int, graphemes: Int, utf8: Int, columns: Int
        var testDescription: String { notation }
    }

    static let cases: [Case] = [
        .init(notation: "", utf16: 0, scalars: 0, graphemes: 0, utf8: 0, columns: 0),
        .init(notation: "abc", utf16: 3, scalars: 3, graphemes: 3, utf8: 3, columns: 3),
        .init(notation: "中文", utf16: 2, scalars: 2, graphemes: 2, utf8: 6, columns: 4),
        .init(notation: "𠮷", utf16: 2, scalars: 1, graphemes: 1, utf8: 4, columns: 2),
        .init(notation: "👍🏽", utf16: 4, scalars: 2, graphemes: 1, utf8: 8, columns: 2),
        .init(notation: "👨<200D>👩<200D>👧", utf16: 8, scalars: 5, graphemes: 1, utf8: 18, columns: 2),
        .init(notation: "e\u{301}", utf16: 2, scalars: 2, graphemes: 1, utf8: 3, columns: 1),
        .init(notation: "ｱｲ", utf16: 2, scalars: 2, graphemes: 2, utf8: 6, columns: 2),
        .init(notation: "ㄨㄤ", utf16: 2, scalars: 2, graphemes: 2, utf8: 6, columns: 4),
        .init(notation: "<200B>", utf16: 1, scalars: 1, graphemes: 1, utf8: 3, columns: 0),
        .init(notation: "<D83D>", utf16: 1, scalars: 1, graphemes: 1, utf8: 3, columns: 1),
        .init(notation: "☺", utf16: 1, scalars: 1, graphemes: 1, utf8: 3, columns: 1),
        .init(notation: "☺<FE0F>", utf16: 2, scalars: 2, graphemes: 1, utf8: 6, columns: 2),
    ]

    @Test(arguments: cases)
    func measures(_ testCase: Case) throws {
        let metrics = try FieldState(notation: testCase.notation).text.metrics
        #expect(
            metrics
                == TextMetrics(
                    utf16: testCase.utf16, scalars: testCase.scalars, graphemes: testCase.graphemes,
                    utf8Bytes: testCase.utf8, displayColumns: testCase.columns))
    }

    @Test func unitsReadTheirCount() {
        let metrics = UTF16Text("👍🏽中").metrics
        #expect(TextUnit.allCases.map { $0.count(in: metrics) } == [5, 3, 2, 11, 4])
    }
}
