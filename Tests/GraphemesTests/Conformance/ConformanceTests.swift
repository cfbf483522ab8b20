import Foundation
import Testing

@testable import Graphemes

/// Unicode's own conformance files, from Debian's unicode-data package.
@Suite struct ConformanceTests {
    let files = UnicodeDataFiles()

    @Test func everyGraphemeBreakTestLineSplitsAsSpecified() throws {
        let file = try GraphemeBreakTestFile(files)
        #expect(file.cases.count > 600)
        let result = ConformanceRunner(files: files).checkGraphemeBreaks(file)
        #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
        #expect(result.passed == file.cases.count)
    }

    @Test func everyEmojiTestLineIsClassifiedAsRequired() throws {
        let runner = ConformanceRunner(files: files)
        let result = runner.checkEmoji(try EmojiTestFile(files), catalogue: try EmojiSequenceCatalogue(files))
        #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
        // emoji-test.txt states its own totals in its "Status Counts" footer.
        #expect(result.fullyQualified == 3655)
        #expect(result.notFullyQualified == 827 + 242)
        #expect(result.byType.values.reduce(0, +) == 3655)
    }

    /// The legacy filter keeps an emoji exactly when all of its units are BMP code
    /// points in U+2600–U+27FF: the pattern read literally, derived here without ICU.
    @Test func legacyEmojiFilterKeepsOnlyBMPEmojiInItsRange() throws {
        let emojiTest = try EmojiTestFile(files)
        let result = ConformanceRunner(files: files).measure(try PerUnitRegexFilter.seed000Emoji(), on: emojiTest)
        let fullyQualified = emojiTest.entries.filter { $0.qualification == .fullyQualified }
        let expected = fullyQualified.filter { entry in entry.text.units.allSatisfy { (0x2600...0x27FF).contains($0) } }
        #expect(result.intact == expected.count)
        #expect(result.intact + result.damaged + result.removed == 3655)
        #expect(result.recognisedByICU == 3655)
    }

    @Test func swiftCharacterComparisonCoversEveryLine() throws {
        let file = try GraphemeBreakTestFile(files)
        let result = ConformanceRunner(files: files).compareSwiftCharacters(file)
        #expect(result.agreed + result.disagreed + result.skipped == file.cases.count)
    }

    @Test func missingDataIsATypedErrorNamingThePath() {
        #expect(throws: UnicodeDataError.missingDirectory("/nonexistent/unicode")) {
            try ConformanceRunner(files: UnicodeDataFiles(directory: "/nonexistent/unicode")).run()
        }
    }

    @Test func malformedDataNamesFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("GraphemeBreakTest.txt").path
        try "# GraphemeBreakTest-15.0.0.txt\n÷ 0020 ÷\n÷ 0020 × XYZ ÷\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(
            throws: UnicodeDataError.malformedLine(
                path: path, line: 3, expected: "÷, × or a hex code point, found 'XYZ'")
        ) {
            try GraphemeBreakTestFile(UnicodeDataFiles(directory: directory.path))
        }
    }

    @Test func aWrongExpectationIsReportedAsAFailure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // e + combining acute must not break; this file claims it does.
        try "÷ 0065 ÷ 0301 ÷\n÷ 0061 ÷ 0062 ÷\n".write(
            toFile: directory.appendingPathComponent("GraphemeBreakTest.txt").path, atomically: true, encoding: .utf8)
        let result = ConformanceRunner().checkGraphemeBreaks(
            try GraphemeBreakTestFile(UnicodeDataFiles(directory: directory.path)))
        #expect(result.passed == 1)
        #expect(result.failures.map(\.line) == [1])
        #expect(result.failures.first?.actual == [0, 2])
    }
}
