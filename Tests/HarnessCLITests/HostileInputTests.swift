import Foundation
import HarnessTestSupport
import Testing

/// Every hostile input of ``HostileInputs``, small, through the built executable: the
/// documented exit code, one line on standard error saying what was wrong (or only what
/// was written and the verdict), no
/// signal, and nothing lost. `hostile-benchmark` runs the same inputs at full size and
/// checks their time and memory.
@Suite struct HostileInputTests {
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "imeharness-hostile-\(UUID().uuidString)"
        )
        .path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static let inputs: [HostileInput] = {
        do {
            return try HostileInputs.make(
                in: directory, scale: .test, profiles: Repository.path("Corpora/profiles"))
        } catch {
            fatalError("the hostile inputs cannot be written: \(error)")
        }
    }()

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ime-harness")
    }

    @Test(arguments: inputs.indices)
    func answersAsDocumented(_ index: Int) throws {
        let input = Self.inputs[index]
        let before = try input.unchangedFile.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = input.arguments
        process.currentDirectoryURL = URL(fileURLWithPath: Repository.root)
        let error = Pipe()
        process.standardError = error
        process.standardOutput =
            input.standardOutputToFullDevice ? FileHandle(forWritingAtPath: "/dev/full") : FileHandle.nullDevice
        try process.run()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "\(input.name): ended by a signal")
        let lines = errorText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        switch input.expectation {
        case .error(let message):
            #expect(process.terminationStatus == 2, "\(input.name): \(errorText)")
            #expect(lines.count == 1, "\(input.name): \(errorText)")
            #expect(errorText.contains(message), "\(input.name): \(errorText)")
        case .result(let status):
            #expect(process.terminationStatus == status, "\(input.name): \(errorText)")
            // What was written, and the verdict.
            #expect(lines.allSatisfy(HostileInput.isResultLine), "\(input.name): \(errorText)")
        }
        #expect(lines.allSatisfy { $0.count < 2_200 }, "\(input.name): a line too long for a terminal")
        if let path = input.unchangedFile {
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(input.name): the input was changed")
        }
    }
}
