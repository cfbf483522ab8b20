import KeyboardOverlap

extension KeyboardRun {
    /// The run as Markdown: the verdict, broken invariants per handler, then each failing
    /// replay with its findings and every notification with the handler's writes.
    package var markdown: String {
        var out = "# Keyboard overlap\n\n**\(Report.escape(headline))**\n\n"
        if let fuzz {
            out += "Fuzzing \(Report.code(fuzz.handler)): seed \(fuzz.seed), shards "
            out += fuzz.shards.map(\.description).joined(separator: ", ")
            out += ", \(fuzz.iterations) sessions in \(Int(fuzz.seconds.rounded())) s; each counterexample minimised"
            out += " and replayed under the profile it fails.\n\n"
            for failure in fuzz.failures {
                out += "- **\(failure.invariant.rawValue)** under \(Report.code(failure.profile)): iteration "
                out += "\(failure.iteration), \(failure.originalEvents) → \(failure.session.events.count) "
                out += "event\(failure.session.events.count == 1 ? "" : "s"): \(Report.escape(failure.message))\n"
            }
            out += "\n"
        }
        out += "Sessions: \(sessionCount) · profiles: \(profiles.map { Report.code($0) }.joined(separator: ", "))"
        out += " · replays: \(replays.count)\n\n"
        out += "| handler | replays | " + KeyboardInvariant.allCases.map(\.rawValue).joined(separator: " | ") + " |\n"
        out += "|---|--:|" + KeyboardInvariant.allCases.map { _ in "--:" }.joined(separator: "|") + "|\n"
        for row in handlerSummary {
            out += "| \(Report.tableCode(row.handler)) | \(row.replays) | "
            out += KeyboardInvariant.allCases.map { String(row.counts[$0] ?? 0) }.joined(separator: " | ") + " |\n"
        }
        out += "\n"
        for handler in handlers {
            out += "- \(Report.code(handler.name)): \(handler.summary) (\(handler.origin))\n"
        }
        if !errors.isEmpty {
            out += "\n## Sessions that could not be read\n\n"
            for error in errors { out += "- \(Report.escape(error.description))\n" }
        }
        if !skipped.isEmpty {
            out += "\nNo handler replays: \(skipped.map { Report.code($0) }.joined(separator: ", ")).\n"
        }
        let failing = replays.filter { !$0.findings.isEmpty }
        if !failing.isEmpty { out += "\n## Broken invariants\n" }
        for replay in failing {
            out +=
                "\n### \(Report.code(replay.sessionID)) · \(Report.code(replay.handler)) · \(Report.code(replay.profile))\n\n"
            for finding in replay.findings {
                out +=
                    "- event \(finding.event), **\(finding.invariant.rawValue)**: \(Report.escape(finding.message))\n"
            }
            if replay.omittedSteps > 0 {
                out += "\n\(replay.omittedSteps) more events without a finding are not listed below.\n"
            }
            out += "\n| event | notification | handler writes |\n|--:|---|---|\n"
            for step in replay.steps {
                let notes = step.deliveries.map { Report.tableCode($0.brief) }
                let writes = step.deliveries.map {
                    $0.writes.isEmpty ? "—" : $0.writes.map { Report.tableCode($0) }.joined(separator: ", ")
                }
                if notes.isEmpty {
                    out += "| \(step.event) | (none) | — |\n"
                } else {
                    for (note, write) in zip(notes, writes) { out += "| \(step.event) | \(note) | \(write) |\n" }
                }
            }
        }
        return out
    }
}
