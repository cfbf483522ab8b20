import Composition
import Foundation
import Graphemes

extension Report {
    /// A Markdown matrix of every session × rule × profile with its discrepancy counts by
    /// kind: a summary row per rule, then per rule a table with a row per session and a
    /// column per profile. A discrepancy that names several profiles (a length or verdict
    /// that differs between them) counts under each. Deterministic, like ``markdown``.
    package var matrix: String {
        var out = "# Rule matrix\n\n"
        out += "ICU \(Self.escape(icuVersion)), Unicode \(Self.escape(unicodeVersion)). "
        out += "\(sessionCount) sessions × \(rules.count) rules × \(profiles.count) profiles "
        out += "(\(profiles.map(Self.code).joined(separator: ", "))); \(findingCount) discrepancies.\n\n"
        out += "**\(verdictWord)** \(Self.escape(verdictDetail)).\n"
        if !errors.isEmpty {
            out += "\n## Sessions that could not be read\n\n"
            for error in errors { out += "- \(Self.escape(error.description))\n" }
        }
        let byRule = Dictionary(grouping: sessions, by: \.rule)
        let kinds = kinds.filter { $0.count > 0 }.map(\.kind)
        out += "\n## Summary\n\n"
        out +=
            "Discrepancies of each kind per rule, and the sessions that end with different texts under different profiles.\n\n"
        out += "| rule | verdict | sessions with discrepancies | "
        out += kinds.map { Self.tableCode($0.name) }.joined(separator: " | ") + (kinds.isEmpty ? "" : " | ")
        out += "final text differs |\n|---|---|---:|" + String(repeating: "---:|", count: kinds.count) + "---:|\n"
        let verdicts = Dictionary(ruleVerdicts.map { ($0.rule, $0.failing == 0) }) { first, _ in first }
        for rule in rules {
            let ruleResults = byRule[rule] ?? []
            var counts = KindTally()
            for result in ruleResults { counts.add(result) }
            let affected = ruleResults.filter { $0.findingTotal > 0 }.count
            let differing = ruleResults.filter(\.finalTextsDiffer).count
            out += "| \(Self.tableCode(rule)) | \(verdicts[rule] ?? true ? "pass" : "**fail**") | "
            out += "\(affected) of \(ruleResults.count) | "
            out += kinds.map { String(counts[$0]) }.joined(separator: " | ") + (kinds.isEmpty ? "" : " | ")
            out += "\(differing) |\n"
        }
        for rule in rules {
            out += "\n## \(Self.code(rule))\n\n"
            out += "| session | " + profiles.map(Self.tableCode).joined(separator: " | ") + " | final text |\n"
            out += "|---|" + String(repeating: "---|", count: profiles.count) + "---|\n"
            for result in byRule[rule] ?? [] {
                out += "| \(Self.tableCode(result.sessionID)) | "
                out += profiles.map { Self.cell(result, profile: $0) }.joined(separator: " | ")
                out += " | \(Self.finalTexts(result)) |\n"
            }
        }
        return out
    }

    /// The final text, once when every profile agrees, else per profile.
    static func finalTexts(_ result: SessionReplay) -> String {
        let shown = result.finalText.map { $0.value.isEmpty ? "(empty)" : tableCode($0.value.briefDescription) }
        if Set(shown).count == 1, let first = shown.first { return first }
        return zip(result.finalText, shown).map { "\(tableCode($0.0.profile)): \($0.1)" }.joined(separator: "; ")
    }

    /// `composition-interrupted 2, broken-text 1`, or `·` when the profile has none.
    static func cell(_ result: SessionReplay, profile: String) -> String {
        var counts = KindTally()
        counts.add(result, under: profile)
        guard !counts.kinds.isEmpty else { return "·" }
        return counts.kinds.sorted { $0.documentedOrder < $1.documentedOrder }
            .map { "\(escape($0.name)) \(counts[$0])" }.joined(separator: ", ")
    }
}
