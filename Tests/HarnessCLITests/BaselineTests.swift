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

    /// Issue 41: changing a parameter keeps the findings it does not touch accepted (a
    /// finding is known by the rule's stable name) and says what the change added and
    /// removed; a baseline written before 0.3, with full specs, reads the same way.
    @Test func aParameterChangeShowsOnlyItsOwnEffect() throws {
        let directory = try directory(copying: ["ni-hao.json", "middle-of-text.json", "zhong-guo.json"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let baseline = directory + "/baseline.json"
        #expect(replay(["--write-baseline", baseline, directory + "/sessions"]).exitCode == 0)
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.contains("\"rule\": \"legacy-input-filter\""))
        #expect(written.contains("\"legacy-input-filter\": \"legacy-input-filter:max-length=10\""))
        func rerun(_ limit: Int) -> CLIResult {
            CLI.run([
                "replay", "--profiles", Self.profiles, "--rule", "legacy-input-filter:max-length=\(limit)",
                "--baseline", baseline, directory + "/sessions",
            ])
        }
        let all = replay([directory + "/sessions"])
        let accepted = Int(all.standardError.split(separator: " ").dropFirst(4).first ?? "") ?? 0
        #expect(accepted > 0, "\(all.standardError)")
        // A longer limit interrupts fewer compositions: some accepted findings go, none is new.
        let longer = rerun(12)
        #expect(longer.exitCode == 0, "\(longer.standardError)")
        #expect(longer.standardError.contains("accepted by the baseline"))
        #expect(longer.standardError.contains("in the baseline no longer found"))
        #expect(
            longer.standardOutput.contains(
                "legacy-input-filter runs as legacy-input-filter:max-length=12; the baseline was written for legacy-input-filter:max-length=10: the change added 0 findings and removed"
            ))
        // A shorter one adds findings, and only those fail: not the whole baseline.
        let shorter = rerun(8)
        #expect(shorter.exitCode == 1)
        #expect(shorter.standardError.contains("accepted by the baseline"))
        #expect(!shorter.standardError.contains(" 0 accepted by the baseline"), "\(shorter.standardError)")

        // Written before 0.3: the full spec as the rule, no "rules" member.
        let old = written.replacingOccurrences(
            of: "\"rule\": \"legacy-input-filter\"", with: "\"rule\": \"legacy-input-filter:max-length=10\"")
        let withoutRules = old.replacing(#/"rules": \{[^}]*\},/#, with: "")
        #expect(withoutRules != old)
        try withoutRules.write(toFile: baseline, atomically: true, encoding: .utf8)
        #expect(replay(["--baseline", baseline, directory + "/sessions"]).exitCode == 0)
        #expect(rerun(12).standardOutput.contains("the baseline was written for legacy-input-filter:max-length=10"))
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
