import Foundation

/// Unicode's own data files, read from a directory laid out like Debian's
/// `unicode-data` package (`/usr/share/unicode`): `auxiliary/GraphemeBreakTest.txt`,
/// `emoji/emoji-test.txt` and so on. A file is also found directly in the directory,
/// for a folder of files downloaded one by one.
package struct UnicodeDataFiles: Sendable {
    /// Where Debian's `unicode-data` package puts the files.
    package static let defaultDirectory = "/usr/share/unicode"

    package let directory: String

    package init(directory: String = UnicodeDataFiles.defaultDirectory) {
        self.directory = directory
    }

    /// A data file by its path below the directory, e.g. `auxiliary/GraphemeBreakTest.txt`.
    package struct File: Hashable, Sendable {
        package var subdirectory: String
        package var name: String

        package static let graphemeBreakTest = File(subdirectory: "auxiliary", name: "GraphemeBreakTest.txt")
        package static let emojiTest = File(subdirectory: "emoji", name: "emoji-test.txt")
        package static let emojiSequences = File(subdirectory: "emoji", name: "emoji-sequences.txt")
        package static let emojiZWJSequences = File(subdirectory: "emoji", name: "emoji-zwj-sequences.txt")
    }

    /// One data line: its number, what stands before the `#`, and the comment after it.
    package struct Record: Sendable {
        package var line: Int
        /// The data, trimmed; never empty.
        package var content: Substring
        package var comment: Substring

        /// The `;`-separated fields of the content, trimmed.
        package var fields: [Substring] {
            content.split(separator: ";", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        }
    }

    /// A data file read: where it was found, the version its header states, its data lines.
    package struct Contents: Sendable {
        package var path: String
        package var version: String?
        package var records: [Record]

        /// Each record made into a value by `parse`, which is handed the file's path for
        /// its errors, in order.
        package func parsed<Value>(_ parse: (Record, _ path: String) throws(UnicodeDataError) -> Value)
            throws(UnicodeDataError) -> [Value]
        {
            var values: [Value] = []
            values.reserveCapacity(records.count)
            for record in records { values.append(try parse(record, path)) }
            return values
        }
    }

    /// Reads `file`, skipping blank and comment-only lines.
    ///
    /// - Throws: ``UnicodeDataError`` when the directory or file is missing or not UTF-8.
    package func read(_ file: File) throws(UnicodeDataError) -> Contents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .missingDirectory(directory) }
        let candidates = ["\(directory)/\(file.subdirectory)/\(file.name)", "\(directory)/\(file.name)"]
        // The largest of Unicode's files read here is under 3 MB; a FIFO or /dev/zero in
        // its place is read bounded, not without end.
        guard let path = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }),
            let data = try? FileContents.read(path, limit: 64 << 20)
        else { throw .missingFile(candidates) }
        guard let text = String(validating: data, as: UTF8.self) else { throw .notUTF8(path) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var records: [Record] = []
        for (index, line) in lines.enumerated() {
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let content = (parts.first ?? "").trimmingSpaces
            if content.isEmpty { continue }
            records.append(Record(line: index + 1, content: content, comment: parts.count > 1 ? parts[1] : ""))
        }
        return Contents(path: path, version: Self.statedVersion(in: lines), records: records)
    }
}

extension Substring {
    /// Without the spaces and tabs the data files pad their fields with (they use no other
    /// whitespace; Foundation's Unicode-aware trimming costs more than the parsing).
    var trimmingSpaces: Substring {
        var trimmed = self
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}

/// A problem with Unicode's data files.
package enum UnicodeDataError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingDirectory(String)
    /// None of the paths tried holds the file.
    case missingFile([String])
    case notUTF8(String)
    /// A line does not have the documented format.
    case malformedLine(path: String, line: Int, expected: String)

    package var description: String {
        switch self {
        case .missingDirectory(let directory):
            "\(directory): no such directory (install Debian's unicode-data package or pass --unicode-data DIR)"
        case .missingFile(let paths):
            "\(paths.first ?? "?"): no such file (also tried \(paths.dropFirst().joined(separator: ", ")))"
        case .notUTF8(let path): "\(path): not valid UTF-8"
        case .malformedLine(let path, let line, let expected): "\(path):\(line): expected \(expected)"
        }
    }
}

extension UnicodeDataFiles {
    /// The hex code points of a data file field ("1F468 200D 1F466") as UTF-16 text.
    static func codePoints(_ field: Substring) -> UTF16Text? {
        var units: [UInt16] = []
        for hex in field.split(separator: " ") {
            guard let value = UInt32(hex, radix: 16), value <= 0x10FFFF else { return nil }
            units += UTF16Text.encodedUnits(of: value)
        }
        return units.isEmpty ? nil : UTF16Text(units: units)
    }

    /// The version a file's header states ("# Version: 15.0" or "# GraphemeBreakTest-15.0.0.txt").
    static func statedVersion(in lines: [Substring]) -> String? {
        let header = lines.prefix(20)
        for line in header {
            if let range = line.range(of: "Version: ") {
                return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
        }
        for line in header where line.hasPrefix("# ") && line.hasSuffix(".txt") {
            if let dash = line.lastIndex(of: "-") { return String(line[line.index(after: dash)...].dropLast(4)) }
        }
        return nil
    }
}
