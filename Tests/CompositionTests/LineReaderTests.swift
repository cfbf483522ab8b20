import Foundation
import Testing

@testable import Composition

/// `LineReader`, which streams JSON Lines: a line is the same whatever chunk it was read
/// in, split anywhere, including inside a UTF-8 sequence and just before or after a newline.
@Suite struct LineReaderTests {
    /// Contents and the lines they hold: empty lines kept, a last line without its newline
    /// kept, a carriage return left to the JSON reader.
    static let contents: [(String, [String])] = [
        ("", []),
        ("\n", [""]),
        ("a\nbb\nccc", ["a", "bb", "ccc"]),
        ("a\nbb\nccc\n", ["a", "bb", "ccc"]),
        ("\n\nx\n\n", ["", "", "x", ""]),
        ("{\"id\":\"王\"}\r\n{\"id\":\"😀\"}\n", ["{\"id\":\"王\"}\r", "{\"id\":\"😀\"}"]),
        (String(repeating: "y", count: 300) + "\nz", [String(repeating: "y", count: 300), "z"]),
    ]

    @Test(arguments: contents.indices, [1, 2, 3, 7, 64, 1 << 16])
    func linesDoNotDependOnChunks(_ index: Int, chunkSize: Int) throws {
        let (text, lines) = Self.contents[index]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "line-reader-\(index)-\(chunkSize).jsonl"
        ).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        var read: [String] = []
        LineReader(handle: handle, chunkSize: chunkSize).forEachLine {
            read.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(read == lines, "chunks of \(chunkSize)")
    }
}
