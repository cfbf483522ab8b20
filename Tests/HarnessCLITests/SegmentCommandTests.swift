import Foundation
import Testing

@testable import HarnessCLI

@Suite struct SegmentCommandTests {
    @Test func writesTheDocumentedJSON() {
        let result = CLI.run(["segment", "--format", "json", "王👍🏽1"])
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                {
                  "unicodeVersion": "15.0",
                  "icuVersion": "72.1",
                  "clusters": [
                    {
                      "text": "王",
                      "range": [0, 1],
                      "class": "han"
                    },
                    {
                      "text": "👍🏽",
                      "range": [1, 4],
                      "class": "emoji",
                      "emoji": "modifier"
                    },
                    {
                      "text": "1",
                      "range": [5, 1],
                      "class": "digit"
                    }
                  ],
                  "metrics": {
                    "utf16": 6,
                    "scalars": 4,
                    "graphemes": 3,
                    "utf8": 12,
                    "columns": 5
                  }
                }

                """)
    }

    @Test func writesOneLinePerClusterAsText() {
        let result = CLI.run(["segment", "ㄨㄤ王<"])
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("4 clusters, 4 UTF-16 units, 4 scalars, 10 UTF-8 bytes, 7 columns") == true)
        #expect(
            lines.dropFirst().map {
                $0.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ")
            } == [
                "{0, 1} bopomofo ㄨ", "{1, 1} bopomofo ㄤ", "{2, 1} han 王", "{3, 1} symbol \\<",
            ])
    }

    @Test func readsAFile() throws {
        let path = try temporaryFile(Data("a\u{301}\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = CLI.run(["segment", "--format=json", "--file", path])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains(#""text": "\n""#))
        #expect(result.standardOutput.contains(#""class": "whitespace""#))
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badInputs: [BadInput] = [
        .init(
            arguments: ["segment"],
            message: "ime-harness: segment: missing TEXT or --file PATH (see 'ime-harness segment --help')\n"),
        .init(arguments: ["segment", "a", "b"], message: "ime-harness: segment: unexpected argument 'b'\n"),
        .init(
            arguments: ["segment", "--frobnicate", "a"],
            message: "ime-harness: segment: unknown option '--frobnicate' (see 'ime-harness segment --help')\n"),
        .init(
            arguments: ["segment", "--format", "xml", "a"],
            message: "ime-harness: option '--format': 'xml' is not valid (expected one of text, json)\n"),
        .init(arguments: ["segment", "--format"], message: "ime-harness: segment: option '--format' needs a value\n"),
        .init(
            arguments: ["segment", "--file", "/nonexistent/x.txt"],
            message: "ime-harness: /nonexistent/x.txt: no such file\n"),
        .init(
            arguments: ["segment", "--file", "/tmp", "a"],
            message: "ime-harness: segment: TEXT and --file cannot be used together\n"),
        .init(arguments: ["segment", "--file", "/tmp"], message: "ime-harness: /tmp: is a directory\n"),
        .init(
            arguments: ["frobnicate"],
            message:
                "ime-harness: unknown command 'frobnicate' (expected one of: segment, conformance, replay, rules, fuzz, merge, report, keyboard, keyboard-fuzz, init; see 'ime-harness --help')\n"
        ),
    ]

    @Test(arguments: badInputs)
    func rejectsBadInputWithOneLine(_ input: BadInput) {
        let result = CLI.run(input.arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == input.message)
    }

    @Test func rejectsInvalidUTF8NamingTheOffset() throws {
        let path = try temporaryFile(Data([0x61, 0x62, 0x63, 0xFF, 0x64]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = CLI.run(["segment", "--file", path])
        #expect(result.exitCode == 2)
        #expect(result.standardError == "ime-harness: \(path): not valid UTF-8 (first bad byte at offset 3)\n")
    }

    @Test(arguments: [["--help"], ["segment", "--help"], ["conformance", "-h"]])
    func printsHelp(_ arguments: [String]) {
        let result = CLI.run(arguments)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("USAGE: ime-harness"))
    }

    private func temporaryFile(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString).txt")
            .path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
