import Foundation
import HarnessTestSupport
import Testing

@testable import HarnessCLI

/// A binary copied anywhere runs: the profiles and inventories are built into it.
@Suite struct SelfContainedTests {
    /// What scripts/embed-data wrote is what the files hold.
    @Test func theEmbeddedDataIsCurrent() throws {
        let groups = [
            ("profiles", EmbeddedData.profiles), ("fuzzing", EmbeddedData.fuzzing),
            ("keyboard-profiles", EmbeddedData.keyboardProfiles), ("android-profiles", EmbeddedData.androidProfiles),
            ("android-sessions", EmbeddedData.androidSessions),
        ]
        for (group, embedded) in groups {
            let directory = Repository.path("Corpora/" + group)
            var onDisk: [String: String] = [:]
            // The top level, and the profiles' alternatives as `alternatives/NAME.json`.
            let subdirectories = group == "profiles" ? ["", "alternatives/"] : [""]
            for subdirectory in subdirectories {
                for name in try FileManager.default.contentsOfDirectory(atPath: directory + "/" + subdirectory) {
                    let path = directory + "/" + subdirectory + name
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                        !isDirectory.boolValue
                    else { continue }
                    onDisk[subdirectory + name] = try String(contentsOfFile: path, encoding: .utf8)
                }
            }
            #expect(embedded == onDisk, "\(group): run scripts/embed-data")
        }
    }

    /// The built executable, copied to an empty directory and run from `/`.
    @Test func aCopiedBinaryRunsFromAnywhere() throws {
        let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ime-harness")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("ime-harness")
        try FileManager.default.copyItem(at: built, to: copy)
        let session = directory.appendingPathComponent("wang.json").path
        try FileManager.default.copyItem(
            atPath: Repository.path("Corpora/sessions/zhuyin/forum-801013-wang.json"), toPath: session)
        func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            let process = Process()
            process.executableURL = copy
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: "/")
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let err = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, out, err)
        }
        let replay = try run(["replay", session, "--rule", "max-length:limit=5"])
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.output.contains("Profiles: `ios18-single`, `ios26-multi`."))
        // The Android profiles and sessions are built in too (the library's resource bundle
        // is not beside a copied binary).
        let android = try run([
            "replay", session, "--profile", "gboard", "--rule", "android-length-filter:max-length=10", "--fail-on",
            "none",
        ])
        #expect(android.status == 0, "\(android.error)")
        #expect(android.output.contains("`gboard`"), "\(android.output.prefix(600))")
        #expect(android.output.contains("android-latin-word-at-limit"), "\(android.output.prefix(600))")
        let fuzz = try run(["fuzz", "--rule", "max-length:limit=5", "--iterations", "40"])
        #expect(fuzz.status == 0, "\(fuzz.error)")
        #expect(fuzz.output.contains("40 sessions"))
        let version = try run(["--version"])
        #expect(version.output.hasPrefix("ime-harness \(CLI.version) (ICU "))
    }
}
