/// The qualification status of a line of `emoji-test.txt` (UTS #51, ED-18, ED-18a, ED-19).
package enum EmojiQualification: String, Sendable, CaseIterable, Codable {
    case component
    case fullyQualified = "fully-qualified"
    case minimallyQualified = "minimally-qualified"
    case unqualified
}

/// One line of `emoji-test.txt`.
package struct EmojiTestEntry: Hashable, Sendable {
    package var line: Int
    package var text: UTF16Text
    package var qualification: EmojiQualification
    /// The CLDR short name from the comment, e.g. "flag: Japan".
    package var name: String
}

/// Unicode's emoji keyboard/display test data (UTS #51, `emoji/emoji-test.txt`).
package struct EmojiTestFile: Sendable {
    package var path: String
    package var version: String?
    package var entries: [EmojiTestEntry]

    /// Reads `code points ; status # emoji E15.0 name` lines.
    ///
    /// - Throws: ``UnicodeDataError`` for a missing file or a malformed line.
    package init(_ files: UnicodeDataFiles) throws(UnicodeDataError) {
        let contents = try files.read(.emojiTest)
        path = contents.path
        version = contents.version
        entries = try contents.parsed { record, path throws(UnicodeDataError) in
            let fields = record.fields
            guard fields.count == 2, let text = UnicodeDataFiles.codePoints(fields[0]),
                let qualification = EmojiQualification(rawValue: String(fields[1]))
            else {
                throw .malformedLine(path: path, line: record.line, expected: "'code points ; status # comment'")
            }
            // The comment is "# 😀 E1.0 grinning face": the name follows the version.
            let words = record.comment.split(separator: " ")
            let name = words.drop(while: { !$0.hasPrefix("E") || $0.dropFirst().first?.isNumber != true })
                .dropFirst().joined(separator: " ")
            return EmojiTestEntry(line: record.line, text: text, qualification: qualification, name: name)
        }
    }
}

/// The RGI emoji sequences and their types, from `emoji-sequences.txt` and
/// `emoji-zwj-sequences.txt` (UTS #51 §1.4.1, §1.4.6).
package struct EmojiSequenceCatalogue: Sendable {
    package var types: [UTF16Text: EmojiSequenceType]

    /// Reads both files; ranges (`1F600..1F637`) are expanded.
    ///
    /// - Throws: ``UnicodeDataError`` for a missing file or a malformed line.
    package init(_ files: UnicodeDataFiles) throws(UnicodeDataError) {
        var types: [UTF16Text: EmojiSequenceType] = [:]
        for file in [UnicodeDataFiles.File.emojiSequences, .emojiZWJSequences] {
            let contents = try files.read(file)
            let path = contents.path
            for record in contents.records {
                let fields = record.fields
                guard fields.count >= 2, let type = EmojiSequenceType(dataFileName: String(fields[1])) else {
                    throw .malformedLine(
                        path: path, line: record.line, expected: "'code points ; type_field ; description'")
                }
                let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
                if bounds.count == 2, let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds[1], radix: 16),
                    low <= high, high <= 0x10FFFF
                {
                    for value in low...high { types[UTF16Text(units: UTF16Text.encodedUnits(of: value))] = type }
                } else if let text = UnicodeDataFiles.codePoints(fields[0]) {
                    types[text] = type
                } else {
                    throw .malformedLine(
                        path: path, line: record.line, expected: "hex code points or a range LOW..HIGH")
                }
            }
        }
        self.types = types
    }
}
