import Composition
import Fuzzing
import Reporting

/// An Android corpus replay of one rule: each session under each profile, and each
/// finding with the session shrunk to the fewest calls that still show it.
package struct AndroidCorpusRun {
    /// The rule's spec.
    package let rule: String
    /// The profiles, in order.
    package let profiles: [String]
    /// Per session, its replays under the profiles and each finding's minimised session.
    var sessions: [(session: AndroidSession, outcomes: [AndroidOutcome], minimised: [[AndroidSession]])] = []

    /// Replays `sessions` through `replays` (one per profile, all of the same rule).
    package init(rule: String, replays: [AndroidReplay], sessions: [AndroidSession]) {
        self.rule = rule
        profiles = replays.map(\.profile.name)
        for session in sessions {
            var outcomes: [AndroidOutcome] = []
            var minimised: [[AndroidSession]] = []
            for replay in replays {
                let outcome = replay.run(session.calls, from: session.initial, id: session.id)
                outcomes.append(outcome)
                minimised.append(outcome.findings.map { replay.minimised(session, showing: $0.kind) })
            }
            self.sessions.append((session, outcomes, minimised))
        }
    }

    /// Every finding, with its session and minimised session, in session then profile order.
    package var findings: [(session: AndroidSession, finding: AndroidFinding, minimised: AndroidSession)] {
        sessions.flatMap { entry in
            zip(entry.outcomes, entry.minimised).flatMap { outcome, minimised in
                zip(outcome.findings, minimised).map { (entry.session, $0, $1) }
            }
        }
    }

    /// A finding's kind as a replay report counts it: the replay's discrepancy of that name
    /// where there is one (`composition-interrupted`, `limit-exceeded`, `broken-text`,
    /// `rule-crashed`, said the same way on iOS), else the fuzzer's property
    /// (`deletion-blocked`, `typed-text-lost`).
    static func kind(_ name: String) -> FindingKind? {
        DiscrepancyKind(rawValue: name).map(FindingKind.discrepancy)
            ?? FuzzProperty(rawValue: name).map(FindingKind.property)
    }

    /// The run as a replay report, the profiles grouped under the Android platform: each
    /// finding is the fuzzer's property it breaks (failing the run as a rule's finding
    /// does), its message ending with the minimised calls.
    package var report: Report {
        let replays = sessions.map { entry in
            SessionReplay(
                sessionID: entry.session.id, rule: rule, eventCount: entry.session.calls.count,
                finalText: entry.outcomes.map { ProfileValue(profile: $0.profile, value: $0.final.text) },
                findings: zip(entry.outcomes, entry.minimised).flatMap { outcome, minimised in
                    zip(outcome.findings, minimised).compactMap { finding, shrunk in
                        Self.kind(finding.kind).map { kind in
                            Finding(
                                kind: kind, event: finding.call, profiles: [finding.profile],
                                message: finding.message + "; minimised to \(shrunk.calls.count) calls from \""
                                    + shrunk.initial.notation + "\": "
                                    + shrunk.calls.map(\.description).joined(separator: ", "),
                                why: finding.why)
                        }
                    }
                }, traces: [])
        }
        var report = Report(origin: .replay, profiles: profiles, rules: [rule], sessions: replays, errors: [])
        report.gate = .rule
        report.platforms = Dictionary(uniqueKeysWithValues: profiles.map { ($0, "Android") })
        return report
    }
}
