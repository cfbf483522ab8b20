import Composition
import Graphemes

extension ReplayReport {
    /// A Markdown report: the summary tables, then each session's discrepancies with the
    /// field written in field notation. Deterministic: no timestamps, stable order.
    public var markdown: String {
        var out = "# Replay report\n\n"
        out += "ICU \(UnicodeVersions.icu), Unicode \(UnicodeVersions.unicode). "
        out += "Profiles: \(profiles.map { "`\($0)`" }.joined(separator: ", ")). "
        out += "Rules: \(rules.map { "`\($0)`" }.joined(separator: ", ")).\n\n"
        out += "| sessions | events replayed | discrepancies | unreadable sessions |\n|---:|---:|---:|---:|\n"
        out += "| \(sessionCount) | \(eventsReplayed) | \(discrepancyCount) | \(errors.count) |\n\n"
        out += "## Discrepancies by kind\n\n| kind | count | meaning |\n|---|---:|---|\n"
        for (kind, count) in countsByKind {
            out += "| `\(kind.rawValue)` | \(count) | \(kind.explanation) |\n"
        }
        if !errors.isEmpty {
            out += "\n## Sessions that could not be read\n\n"
            for error in errors { out += "- \(Self.escape(error.description))\n" }
        }
        let withFindings = results.filter { !$0.discrepancies.isEmpty }
        out += "\n## Sessions\n\n"
        out += "\(withFindings.count) of \(results.count) session replays (session × rule) have discrepancies.\n"
        for result in withFindings {
            out += "\n### `\(result.sessionID)` with `\(result.rule)`\n\n"
            out +=
                "Final text: "
                + result.finalText.map { "`\($0.profile)` \(Self.code($0.text.visibleDescription))" }
                .joined(separator: ", ") + "\n\n"
            for discrepancy in result.discrepancies {
                let place = discrepancy.event.map { "event \($0)" } ?? "session"
                out +=
                    "- \(place), **\(discrepancy.kind.rawValue)** (\(discrepancy.profiles.joined(separator: ", "))): "
                out += Self.escape(discrepancy.message) + "\n"
            }
        }
        let clean = results.filter { $0.discrepancies.isEmpty }
        if !clean.isEmpty {
            out +=
                "\nNo discrepancies: " + clean.map { "`\($0.sessionID)` (`\($0.rule)`)" }.joined(separator: ", ")
                + ".\n"
        }
        return out
    }

    /// Text inside a Markdown code span, with backticks made safe.
    static func code(_ text: String) -> String {
        text.contains("`") ? "`` \(text) ``" : "`\(text)`"
    }

    /// Escapes the characters Markdown would read as markup in running text.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "*", "_", "`", "|", "<", ">", "[", "]", "#": out += "\\\(character)"
            default: out.append(character)
            }
        }
        return out
    }
}
