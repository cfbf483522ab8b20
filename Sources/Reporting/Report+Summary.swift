import Composition

extension Report {
    /// The most a summary holds, in UTF-16 units (GitHub counts a comment's characters;
    /// no character is fewer than one unit): under GitHub's 65,536 with room to spare.
    package static let summaryBudget = 60_000

    /// The verdict and what made it, for a pull-request comment: the headline, each rule's
    /// verdict (failing rules first), the counts of the kinds found (the rule's apart from
    /// the platform's), the findings against the baseline, the worst offenders, and in a
    /// `<details>` block each session replay's findings by kind, as many as fit. Never
    /// longer than ``summaryBudget``, whatever the run's size; `fullReport` (a URL or a
    /// path) is named for the rest.
    package func summary(fullReport: String? = nil) -> String {
        var out = "## \(markdownTitle): **\(passes ? "PASS" : "FAIL")**\n\n"
        out += "\(Self.escape(verdictDetail)).\n\n"
        out += "ICU \(Self.escape(icuVersion)), Unicode \(Self.escape(unicodeVersion)); "
        out += "\(sessionCount) sessions, \(rules.count) rule\(rules.count == 1 ? "" : "s"), "
        out += "profiles \(profiles.map(Self.code).joined(separator: ", ")).\n"
        if let fullReport { out += "Full report: \(Self.code(Self.shortened(fullReport))).\n" }
        var tail: [String] = []
        if case .replay = origin {
            let verdicts = ruleVerdicts.enumerated().sorted {
                ($0.element.failing > 0 ? 0 : 1, $0.offset) < ($1.element.failing > 0 ? 0 : 1, $1.offset)
            }.map(\.element)
            let shown = verdicts.prefix(40)
            out += "\n| rule | verdict | failing | reported, not failing |\n|---|---|---:|---:|\n"
            for verdict in shown {
                out +=
                    "| \(Self.tableCode(Self.shortened(verdict.rule))) | \(verdict.failing == 0 ? "pass" : "**fail**") | "
                out += "\(verdict.failing) | \(verdict.reported) |\n"
            }
            if verdicts.count > shown.count {
                let failing = verdicts.dropFirst(shown.count).filter { $0.failing > 0 }.count
                out += "\n… and \(verdicts.count - shown.count) more rules (\(failing) failing).\n"
            }
        }
        if let groups = profilesByPlatform {
            out += "\n**By platform**\n\n| platform | profiles | findings |\n|---|---|---:|\n"
            for group in groups {
                let count = sessions.reduce(0) { total, session in
                    total.saturatingAdd(
                        session.findings.filter { !Set($0.profiles).isDisjoint(with: group.profiles) }.count)
                }
                out +=
                    "| \(Self.escape(group.platform)) | \(group.profiles.map(Self.tableCode).joined(separator: ", ")) | \(count) |\n"
            }
        }
        let found = kinds.filter { $0.count > 0 }
        let causes: [(String, FindingKind.Cause?)] =
            if case .replay = origin { [("Rule findings", .rule), ("Platform findings", .platform)] } else {
                [("Failures", nil)]
            }
        for (title, cause) in causes {
            let listed = found.filter { kind in
                cause.map { kind.kind.cause == $0 } ?? true
            }
            guard !listed.isEmpty else { continue }
            out += "\n**\(title)**\n\n| kind | count | fails the run |\n|---|---:|---|\n"
            for kind in listed {
                out +=
                    "| \(Self.tableCode(kind.kind.name)) | \(kind.count) | \(gate.fails(kind.kind) ? "yes" : "no") |\n"
            }
        }
        if baseline != nil {
            let outcome = outcome
            out += "\n**Against the baseline**: \(outcome.accepted) accepted, \(outcome.failing) new, "
            out += "\(outcome.fixed.reduce(0) { $0.saturatingAdd($1.count) }) no longer found.\n"
            for change in baseline?.parameterChanges(specs: rules, outcome: outcome) ?? [] {
                out += "\n\(Self.escape(change)).\n"
            }
            tail += outcome.new.prefix(Self.baselineListLimit).map { "- new: \(Self.escape($0.description))\n" }
            tail += outcome.fixed.prefix(Self.baselineListLimit).map {
                "- no longer found: \(Self.escape($0.identity.description))\n"
            }
        }
        let worst = worstOffenders(10)
        if !worst.isEmpty {
            out += "\n**Worst offenders**\n\n| session | rule | findings | kinds |\n|---|---|---:|---|\n"
            for session in worst {
                out +=
                    "| \(Self.tableCode(Self.shortened(session.sessionID))) | \(Self.tableCode(Self.shortened(session.rule))) | "
                out += "\(session.findingTotal) | \(Self.kindCounts(session)) |\n"
            }
        }
        if !errors.isEmpty {
            out += "\n**Sessions that could not be read**: \(errors.count).\n"
            tail += errors.map { "- \(Self.escape($0.description))\n" }
        }
        let withFindings = sessions.filter { $0.findingTotal > 0 }
        tail += withFindings.map { session in
            // Each finding the rule is blamed for says why, in its contract's words.
            "- \(Self.code(Self.shortened(session.sessionID))) with \(Self.code(Self.shortened(session.rule))): \(Self.kindCounts(session))\n"
                + session.findings.compactMap { finding in
                    finding.why.map {
                        "  - event \(finding.event.map(String.init) ?? "–") \(Self.code(finding.kind.name)): \(Self.escape(Self.shortened($0, to: 400)))\n"
                    }
                }.joined()
        }
        guard !tail.isEmpty else { return out }
        // The details block, as far as the budget goes; what does not fit is counted.
        let opening = "\n<details><summary>Every finding, by session replay</summary>\n\n"
        let closing = "</details>\n"
        var details = ""
        var length = out.utf16.count + opening.utf16.count + closing.utf16.count
        let reserve = 120  // the "… and N more" line
        var shown = 0
        for line in tail {
            let size = line.utf16.count
            guard length + size + reserve <= Self.summaryBudget else { break }
            details += line
            length += size
            shown += 1
        }
        if shown < tail.count {
            details += "\n… and \(tail.count - shown) more lines, in the full report"
            details += fullReport.map { " (\(Self.code($0)))" } ?? " (--format html or json)"
            details += ".\n\n"
        }
        return out + opening + details + closing
    }

    /// `text`, or its first 200 characters and "…" when longer: a rule spec or session id
    /// from a file may be of any length, a summary line may not. Specs of up to 200
    /// characters (every catalogue spec) are shown whole.
    static func shortened(_ text: String, to limit: Int = 200) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
