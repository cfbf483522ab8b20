import Composition
import Graphemes

extension Report {
    /// How many session replays with findings the Markdown report details; the rest are counted.
    package static let markdownDetailLimit = 200

    /// A Markdown report, fit for a pull-request comment and for the committed `Reports/`
    /// summary: the summary tables, then per session replay a table of its findings with
    /// the field before each event in field notation. Deterministic: no timestamps, no
    /// durations, stable order.
    package var markdown: String {
        var out = "# \(markdownTitle)\n\n"
        out += "ICU \(Self.escape(icuVersion)), Unicode \(Self.escape(unicodeVersion)). "
        out += "Profiles: \(profiles.map(Self.code).joined(separator: ", ")). "
        out += "Rules: \(rules.map(Self.code).joined(separator: ", ")).\n\n"
        out += "**\(verdictWord)** \(Self.escape(verdictDetail)).\n\n"
        if let groups = profilesByPlatform {
            out += "| platform | profiles |\n|---|---|\n"
            for group in groups {
                out +=
                    "| \(Self.escape(group.platform)) | \(group.profiles.map(Self.tableCode).joined(separator: ", ")) |\n"
            }
            out += "\n"
        }
        switch origin {
        case .replay:
            out += "| sessions | session replays | events replayed | discrepancies | unreadable sessions |\n"
            out += "|---:|---:|---:|---:|---:|\n"
            out += "| \(sessionCount) | \(sessions.count) | \(eventsReplayed) | \(findingCount) | \(errors.count) |\n\n"
            out += "## Verdict per rule\n\n| rule | verdict | failing | reported, not failing |\n|---|---|---:|---:|\n"
            for verdict in ruleVerdicts {
                out += "| \(Self.tableCode(verdict.rule)) | \(verdict.failing == 0 ? "pass" : "**fail**") | "
                out += "\(verdict.failing) | \(verdict.reported) |\n"
            }
            for (title, cause) in [("Rule findings", FindingKind.Cause.rule), ("Platform findings", .platform)] {
                out += "\n## \(title) by kind\n\n| kind | count | fails the run | meaning |\n|---|---:|---|---|\n"
                for kind in kinds where kind.kind.cause == cause {
                    out +=
                        "| \(Self.tableCode(kind.kind.name)) | \(kind.count) | \(gate.fails(kind.kind) ? "yes" : "no") | "
                    out += "\(Self.escape(kind.explanation)) |\n"
                }
            }
        case .fuzz(let fuzz):
            out +=
                "| seed | shards | sessions generated | properties checked | properties failed | root causes |\n"
            out += "|---:|---|---:|---:|---:|---:|\n"
            out +=
                "| \(fuzz.seed) | \(Self.escape(fuzz.shards.map(\.description).joined(separator: ", "))) | \(fuzz.iterations) | "
            out += "\(fuzz.properties.count) | \(failedPropertyCount) | \(sessions.count) |\n\n"
            out += "## Properties\n\n| property | failures | meaning |\n|---|---:|---|\n"
            for kind in kinds {
                out += "| \(Self.tableCode(kind.kind.name)) | \(kind.count) | \(Self.escape(kind.explanation)) |\n"
            }
        }
        let worst = worstOffenders(10)
        if case .replay = origin, !worst.isEmpty {
            out += "\n## Worst offenders\n\n| session | rule | discrepancies | kinds |\n|---|---|---:|---|\n"
            for session in worst {
                out += "| \(Self.tableCode(session.sessionID)) | \(Self.tableCode(session.rule)) | "
                out += "\(session.findingTotal) | \(Self.kindCounts(session)) |\n"
            }
        }
        if baseline != nil { out += againstTheBaseline() }
        if !errors.isEmpty {
            out += "\n## Sessions that could not be read\n\n"
            for error in errors { out += "- \(Self.escape(error.description))\n" }
        }
        let withFindings = sessions.filter { !$0.findings.isEmpty }
        switch origin {
        case .replay:
            out += "\n## Sessions\n\n"
            out +=
                "\(withFindings.count) of \(sessions.count) session replays (session × rule) have discrepancies.\n"
        case .fuzz:
            out += "\n## Counterexamples\n\n"
            out += withFindings.isEmpty ? "No property failed.\n" : "Each minimised to the events below.\n"
        }
        for session in withFindings.prefix(Self.markdownDetailLimit) { out += markdown(for: session) }
        if withFindings.count > Self.markdownDetailLimit {
            out += "\n… and \(withFindings.count - Self.markdownDetailLimit) more session replays with findings, "
            out += "not shown here; the JSON and HTML reports list them all.\n"
        }
        let clean = sessions.filter { $0.findings.isEmpty }
        if !clean.isEmpty {
            let shown = clean.prefix(Self.markdownDetailLimit).map {
                "\(Self.code($0.sessionID)) (\(Self.code($0.rule)))"
            }
            out += "\nNo discrepancies: " + shown.joined(separator: ", ")
            out += clean.count > shown.count ? " and \(clean.count - shown.count) more.\n" : ".\n"
        }
        return out
    }

    /// One session replay: its final texts, then a table of findings.
    private func markdown(for session: SessionReplay) -> String {
        var out = "\n### \(Self.code(session.sessionID)) with \(Self.code(session.rule))\n\n"
        out +=
            "Final text: "
            + session.finalText.map { "\(Self.code($0.profile)) \(Self.code($0.value.briefDescription))" }
            .joined(separator: ", ") + "\n\n"
        // The failing profile's timeline: a failure under iOS 26 is not told by iOS 18's replay.
        let failing = session.findings.first?.profiles.first
        if case .fuzz = origin,
            let trace = session.traces.first(where: { $0.profile == failing }) ?? session.traces.first
        {
            out += "Events:\n\n"
            for step in trace.steps { out += "\(step.eventIndex). \(Self.code(step.event.description))\n" }
            out += "\n"
        }
        out += "| event | kind | profiles | field before | what happened |\n|---:|---|---|---|---|\n"
        for finding in session.findings {
            let field = finding.event.flatMap { fieldBefore($0, in: session, profile: finding.profiles.first) }
            out += "| \(finding.event.map(String.init) ?? "—") | \(Self.tableCode(finding.kind.name)) | "
            out += Self.escape(finding.profiles.joined(separator: ", ")) + " | "
            out += field.map { Self.tableCode($0.briefNotation) } ?? "—"
            out += " | \(Self.escape(finding.message)) |\n"
        }
        if let note = Report.omissionNote(session) { out += "\n" + Self.escape(note) + "\n" }
        return out
    }

    /// The field before event `index` under `profile` (else the first profile), from the traces.
    func fieldBefore(_ index: Int, in session: SessionReplay, profile: String?) -> FieldState? {
        let trace = session.traces.first { $0.profile == profile } ?? session.traces.first
        return trace?.steps.first { $0.eventIndex == index }?.before
    }

    /// `proposed-text-mismatch 2, length-mismatch 2`, kinds in order of first appearance.
    static func kindCounts(_ session: SessionReplay) -> String {
        Report.countsByKind(session).map { "\(tableCode($0.kind.name)) \($0.count)" }.joined(separator: ", ")
    }

    /// Text inside a Markdown code span, invisible characters as `<XXXX>`, backticks made safe.
    static func code(_ text: String) -> String {
        let text = text.withVisibleTokens
        guard text.contains("`") else { return "`\(text)`" }
        // CommonMark: a code span's fence is a run of backticks no run inside it matches,
        // and one space either side keeps a backtick at an edge from joining the fence.
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + " " + text + " " + fence
    }

    /// A code span inside a table cell: GitHub's tables split on `|` even inside code spans,
    /// and take `\|` for a pipe (cmark-gfm removes that one backslash, whatever precedes
    /// it). So every pipe gets a backslash: field notation's literal `\|` is written `\\|`
    /// and shows as `\|`; a pattern's `a|b` shows as `a|b`.
    static func tableCode(_ text: String) -> String {
        var out = ""
        for character in code(text) {
            if character == "|" { out += "\\" }
            out.append(character)
        }
        return out
    }

    /// Escapes the characters Markdown would read as markup or entities in running text,
    /// invisible characters written as `<XXXX>` first.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text.withVisibleTokens {
            switch character {
            case "*", "_", "`", "|", "<", ">", "[", "]", "#", "\\", "&": out += "\\\(character)"
            default: out.append(character)
            }
        }
        return out
    }
}

extension Report {
    /// How many new and fixed findings the Markdown report names one by one.
    package static let baselineListLimit = 50

    /// The findings the baseline does not accept, and what it accepts that is gone.
    func againstTheBaseline() -> String {
        let outcome = outcome
        var out = "\n## Against the baseline\n\n"
        out += "\(outcome.accepted) accepted, \(outcome.failing) new, "
        out += "\(outcome.fixed.reduce(0) { $0.saturatingAdd($1.count) }) no longer found.\n"
        for change in baseline?.parameterChanges(specs: rules, outcome: outcome) ?? [] {
            out += "\n\(Self.escape(change)).\n"
        }
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            out += "\n\(title):\n\n"
            for item in items.prefix(Self.baselineListLimit) { out += "- \(Self.escape(item))\n" }
            if items.count > Self.baselineListLimit {
                out += "- … and \(items.count - Self.baselineListLimit) more (the JSON report lists them all)\n"
            }
        }
        list("New, failing the run", outcome.new.map(\.description))
        list(
            "In the baseline, no longer found (update it with --write-baseline)",
            outcome.fixed.map { $0.count == 1 ? $0.identity.description : "\($0.identity.description) ×\($0.count)" })
        return out
    }
}
