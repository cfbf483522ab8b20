import Foundation
import Testing

/// Runs the built `ime-harness` executable as a user would, checking exit codes and streams.
@Suite struct EndToEndTests {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable, built beside the test bundle by `swift test`.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ime-harness")
    }

    func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    @Test func segmentsAnArgument() throws {
        let result = try run(["segment", "--format", "json", "ㄨㄤ"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""class": "bopomofo""#))
    }

    @Test func invalidUTF8IsOneLineAndExitCodeTwo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)").path
        try Data([0xE4, 0xB8]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["segment", "--file", path])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "ime-harness: \(path): not valid UTF-8 (first bad byte at offset 0)\n")
    }

    @Test func noArgumentsPrintsUsageAndExitsTwo() throws {
        let result = try run([])
        #expect(result.status == 2)
        #expect(result.standardError.contains("USAGE: ime-harness <command>"))
    }

    @Test func conformancePassesOnTheSystemData() throws {
        let result = try run(["conformance"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("PASS\n"))
    }
}
