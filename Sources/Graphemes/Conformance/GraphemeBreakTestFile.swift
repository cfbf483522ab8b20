/// One line of Unicode's `GraphemeBreakTest.txt`: a string and where it must break.
package struct GraphemeBreakTestCase: Hashable, Sendable {
    /// The line number in the file.
    package var line: Int
    package var text: UTF16Text
    /// The required boundaries in UTF-16 offsets, from 0 to the text's length.
    package var boundaries: [Int]
}

/// Unicode's grapheme break conformance test (UAX #29, `auxiliary/GraphemeBreakTest.txt`).
package struct GraphemeBreakTestFile: Sendable {
    package var path: String
    /// The Unicode version the file states.
    package var version: String?
    package var cases: [GraphemeBreakTestCase]

    /// Reads and parses the file: `÷ 0020 × 0308 ÷ 0020 ÷  # comment`.
    ///
    /// - Throws: ``UnicodeDataError`` for a missing file or a malformed line.
    package init(_ files: UnicodeDataFiles) throws(UnicodeDataError) {
        let contents = try files.read(.graphemeBreakTest)
        path = contents.path
        version = contents.version
        cases = try contents.parsed { record, path throws(UnicodeDataError) in
            var units: [UInt16] = []
            var boundaries: [Int] = []
            for token in record.content.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "÷": boundaries.append(units.count)
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), value <= 0x10FFFF else {
                        throw .malformedLine(
                            path: path, line: record.line, expected: "÷, × or a hex code point, found '\(token)'")
                    }
                    units += UTF16Text.encodedUnits(of: value)
                }
            }
            guard boundaries.first == 0, boundaries.last == units.count, !units.isEmpty else {
                throw .malformedLine(path: path, line: record.line, expected: "a string that starts and ends with ÷")
            }
            return GraphemeBreakTestCase(line: record.line, text: UTF16Text(units: units), boundaries: boundaries)
        }
    }
}
