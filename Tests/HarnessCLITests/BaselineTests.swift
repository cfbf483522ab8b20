import Foundation
import HarnessCLI
import HarnessTestSupport
import Testing

/// A CI gate with a baseline: accepted findings pass, a new one fails, a fixed one is
/// listed, and reformatting a session file changes nothing.
@Suite struct BaselineTests {
    static let sessions = Repository.path("Corpora/sessions/pinyin")
    static let profiles = Repository.path("Corpora/profiles")
    static let limiter = "legacy-input-filter:max-length=10"

    func replay(_ arguments: [String]) -> CLIResult {
        CLI.run(["replay", "--profiles", Self.profiles, "--rule", Self.limiter] + arguments)
    }

    func directory(copying names: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/sessions", withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: Self.sessions + "/" + name, toPath: path + "/sessions/" + name)
        }
        return path
    }

    @Test func acceptedFindingsPassANewOneFailsAFixedOneIsListed() throws {
        let directory = try directory(copying: ["ni-hao.json", "middle-of-text.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let baseline = directory + "/baseline.json"
        // Without a baseline seed 004's limiter fails; writing one accepts what fails.
        #expect(replay([directory + "/sessions"]).exitCode == 1)
        let written = replay(["--write-baseline", baseline, directory + "/sessions"])
        #expect(written.exitCode == 0, "\(written.standardError)")
        let gated = replay(["--baseline", baseline, directory + "/sessions"])
        #expect(gated.exitCode == 0, "\(gated.standardError)")
        #expect(gated.standardError.contains("accepted by the baseline"))

        // Reformatting a session file (compact, members reordered) keeps its identity.
        let file = directory + "/sessions/ni-hao.json"
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: file))
        #expect(replay(["--baseline", baseline, directory + "/sessions"]).exitCode == 0)

        // A new session with the limiter's bug: a new finding fails the run and is named.
        try FileManager.default.copyItem(
            atPath: Self.sessions + "/zhong-guo.json", toPath: directory + "/sessions/zhong-guo.json")
        let failing = replay(["--baseline", baseline, directory + "/sessions"])
        #expect(failing.exitCode == 1)
        #expect(
            failing.standardOutput.contains("New, failing the run:\n\n- composition-interrupted in pinyin-zhongguo"))
        #expect(failing.standardError.contains("FAIL (--fail-on rule)"))

        // A session gone (its bug fixed): listed as no longer found; the run passes.
        try FileManager.default.removeItem(atPath: directory + "/sessions/zhong-guo.json")
        try FileManager.default.removeItem(atPath: directory + "/sessions/middle-of-text.json")
        let fixed = replay(["--baseline", baseline, directory + "/sessions"])
        #expect(fixed.exitCode == 0)
        #expect(fixed.standardOutput.contains("In the baseline, no longer found"))
        #expect(fixed.standardError.contains("in the baseline no longer found"))
    }

    /// A changed event changes the session's hash: its findings are new again.
    @Test func aChangedSessionIsNotTheAcceptedOne() throws {
        let directory = try directory(copying: ["ni-hao.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let baseline = directory + "/baseline.json"
        #expect(replay(["--write-baseline", baseline, directory + "/sessions"]).exitCode == 0)
        let file = directory + "/sessions/ni-hao.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"你好\"", with: "\"你们好\"").write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: file, encoding: .utf8) != text, "the fixture commits 你好")
        #expect(replay(["--baseline", baseline, directory + "/sessions"]).exitCode == 1)
    }

    @Test func aBadBaselineIsAOneLineError() throws {
        let directory = try directory(copying: ["ni-hao.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let baseline = directory + "/baseline.json"
        try #"{"format": "ime-baseline/1", "findings": [{"session": "s"}]}"#.write(
            toFile: baseline, atomically: true, encoding: .utf8)
        let result = replay(["--baseline", baseline, directory + "/sessions"])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == "ime-harness: \(baseline): $.findings[0].sessionHash: expected a value, found nothing\n")
    }
}
