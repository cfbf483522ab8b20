import Foundation

extension HarnessAssert {
    /// Replays the Android corpus (the shipped Latin-word sessions and every recorded
    /// session as an Android keyboard sends it) through `rule` under `profiles`, and
    /// fails with every finding (the first of each property per session and profile),
    /// each with its session shrunk to the fewest calls that still show it. With
    /// `IME_HARNESS_REPORTS=DIR`, writes `RULE.android.summary.md`, `.html` and
    /// `.junit.xml` there, the profiles grouped under the Android platform.
    ///
    /// - Returns: The number of sessions replayed under each profile.
    /// - Throws: ``HarnessFailure`` listing the findings, each with its session's calls.
    @discardableResult
    public static func noDiscrepancies(
        android rule: AndroidRule, profiles: [AndroidProfile] = AndroidProfile.all, corpus: Corpus = .bundled
    ) throws(HarnessFailure) -> Int {
        let sessions: [AndroidSession]
        let replays: [AndroidReplay]
        do {
            sessions = try AndroidSession.corpus(corpus)
            replays = try profiles.map { try AndroidReplay(rule: rule, profile: $0) }
        } catch {
            throw HarnessFailure("cannot replay the Android corpus: \(error)")
        }
        let run = AndroidCorpusRun(rule: rule.spec, replays: replays, sessions: sessions)
        try ReportDirectory.write(run.report, name: rule.spec + ".android")
        let lines = run.findings.map { session, finding, minimised in
            "\(session.id): \(finding)\n  minimised to \(minimised.calls.count) calls from "
                + "\"\(minimised.initial.notation)\": " + minimised.calls.map(\.description).joined(separator: ", ")
        }
        guard lines.isEmpty else {
            throw HarnessFailure(
                "rule '\(rule.spec)': \(lines.count) findings on Android in \(sessions.count) sessions\n\n"
                    + lines.joined(separator: "\n\n"))
        }
        return sessions.count
    }

    /// Fuzzes `rule` under the Android profiles (``AndroidFuzzer``) from `seed`, for
    /// `seconds` or `iterations` sessions, and fails with each property's first failure,
    /// shrunk.
    ///
    /// - Returns: The number of sessions generated.
    /// - Throws: ``HarnessFailure`` listing each failure and its minimised calls.
    @discardableResult
    public static func survivesFuzzing(
        android rule: AndroidRule, seconds: Double = 5, iterations: Int? = nil, seed: UInt64 = 0,
        profiles: [AndroidProfile] = AndroidProfile.all
    ) throws(HarnessFailure) -> Int {
        let outcome: AndroidFuzzer.Outcome
        do {
            outcome = try AndroidFuzzer(rule: rule, profiles: profiles).run(
                seed: seed, iterations: iterations, seconds: iterations == nil ? seconds : nil)
        } catch {
            throw HarnessFailure("cannot fuzz on Android: \(error)")
        }
        guard outcome.failures.isEmpty else {
            throw HarnessFailure(
                "rule '\(rule.spec)' failed on Android in \(outcome.sessions) fuzzed sessions (seed \(seed)):\n\n"
                    + outcome.failures.map(\.description).joined(separator: "\n\n"))
        }
        return outcome.sessions
    }
}
