import Foundation
import Testing

@testable import HarnessCLI

@Suite struct ConformanceCommandTests {
    @Test func reportsFullConformanceAsJSON() throws {
        let result = CLI.run(["conformance", "--format", "json"])
        #expect(result.exitCode == 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let breaks = try #require(json["graphemeBreak"] as? [String: Any])
        let emoji = try #require(json["emoji"] as? [String: Any])
        let legacy = try #require(json["legacyEmojiFilter"] as? [String: Any])
        #expect(breaks["failed"] as? Int == 0)
        #expect((breaks["passed"] as? Int ?? 0) > 600)
        #expect(emoji["failed"] as? Int == 0)
        #expect(emoji["passed"] as? Int == 3655 + 827 + 242)
        #expect(legacy["of"] as? Int == 3655)
        #expect((legacy["intact"] as? Int ?? 3655) < 100)
    }

    @Test func printsTheHeadlineAsText() {
        let result = CLI.run(["conformance"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("Seed 000's per-unit emoji filter keeps"))
        #expect(result.standardOutput.hasSuffix("PASS\n"))
    }

    @Test func exitsWithOneWhenALineFails() throws {
        let directory = try dataDirectory(breakTest: "÷ 0065 ÷ 0301 ÷\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = CLI.run(["conformance", "--unicode-data", directory])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("FAIL line 1: e\u{301}  expected [0, 1, 2], got [0, 2]"))
        #expect(result.standardOutput.hasSuffix("FAIL\n"))
    }

    @Test func missingDataDirectoryIsAnInputError() {
        let result = CLI.run(["conformance", "--unicode-data", "/nonexistent/unicode"])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == "ime-harness: /nonexistent/unicode: no such directory (install Debian's unicode-data package or pass --unicode-data DIR)\n"
        )
    }

    @Test func missingDataFileNamesThePathsTried() throws {
        let directory = try dataDirectory(breakTest: nil)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = CLI.run(["conformance", "--unicode-data", directory])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError.hasPrefix("ime-harness: \(directory)/auxiliary/GraphemeBreakTest.txt: no such file"))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }

    /// A copy of the system's emoji files beside a GraphemeBreakTest.txt of our own.
    private func dataDirectory(breakTest: String?) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory + "/emoji", withIntermediateDirectories: true)
        for name in ["emoji-test.txt", "emoji-sequences.txt", "emoji-zwj-sequences.txt"] {
            try FileManager.default.copyItem(
                atPath: "/usr/share/unicode/emoji/\(name)", toPath: "\(directory)/emoji/\(name)")
        }
        if let breakTest {
            try breakTest.write(toFile: directory + "/GraphemeBreakTest.txt", atomically: true, encoding: .utf8)
        }
        return directory
    }
}
