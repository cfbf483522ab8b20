import IMEHarness

/// The findings of key scripts replayed open loop (their recordings, replayed under a
/// profile with a rule) and closed loop (the engine in the loop, ``Recorder/replay(_:rule:profile:)``),
/// compared per script and profile by kind: a kind only the open loop finds comes from a
/// recording that no longer applies once the rule acted (a modelling artifact, to fix or
/// to document); a kind only the closed loop finds is what the user would meet and the
/// recording cannot show.
public struct LoopComparison: Sendable {
    /// One script under one profile.
    public struct Row: Sendable {
        public var script: String
        public var profile: String
        /// The discrepancy kinds each loop found, in ``DiscrepancyKind/allCases`` order.
        public var open: [DiscrepancyKind]
        public var closed: [DiscrepancyKind]
        /// How many discrepancies of each kind each loop found.
        public var openCount: [DiscrepancyKind: Int]
        public var closedCount: [DiscrepancyKind: Int]
        /// The text each loop leaves in the field.
        public var openText: UTF16Text
        public var closedText: UTF16Text
        /// The closed loop itself: its session, trace and report.
        public var loop: ClosedLoopResult

        public var onlyOpen: [DiscrepancyKind] { open.filter { !closed.contains($0) } }
        public var onlyClosed: [DiscrepancyKind] { closed.filter { !open.contains($0) } }
    }

    public let rule: String
    public let rows: [Row]

    /// Compares the two loops for `rule` on every script of `lines` under every profile.
    public init(rule: some InputRule, lines: [ScriptLine], profiles: [Profile], recorder: Recorder)
        throws(RecorderError)
    {
        var rows: [Row] = []
        for line in lines {
            let recorded = try recorder.record(line)
            for profile in profiles {
                let open: CorpusReplay
                do {
                    open = try CorpusReplay(rule: rule, corpus: .sessions([recorded]), profiles: [profile])
                } catch {
                    throw .engine(line.engine, error.description)
                }
                let closed = try recorder.replay(line, rule: rule, profile: profile)
                func kinds(_ found: [CorpusReplay.Discrepancy]) -> [DiscrepancyKind] {
                    DiscrepancyKind.allCases.filter { kind in found.contains { $0.kind == kind } }
                }
                func counts(_ found: [CorpusReplay.Discrepancy]) -> [DiscrepancyKind: Int] {
                    found.reduce(into: [:]) { counts, discrepancy in counts[discrepancy.kind, default: 0] += 1 }
                }
                rows.append(
                    Row(
                        script: line.id, profile: profile.name, open: kinds(open.discrepancies),
                        closed: kinds(closed.discrepancies), openCount: counts(open.discrepancies),
                        closedCount: counts(closed.discrepancies), openText: open.finalTexts.first ?? .empty,
                        closedText: closed.finalText, loop: closed))
            }
        }
        self.rule = rule.spec
        self.rows = rows
    }

    /// Per kind, how many script-and-profile pairs find it in the open loop only, the
    /// closed loop only, and both, and how many of it each loop found in all; then the
    /// pairs that end with a different text, with both texts.
    public var summary: String {
        var lines = ["\(rule): \(rows.count) script replays"]
        for kind in DiscrepancyKind.allCases {
            let open = rows.filter { $0.onlyOpen.contains(kind) }.count
            let closed = rows.filter { $0.onlyClosed.contains(kind) }.count
            let both = rows.filter { $0.open.contains(kind) && $0.closed.contains(kind) }.count
            guard open + closed + both > 0 else { continue }
            let found = (
                rows.reduce(0) { $0 + ($1.openCount[kind] ?? 0) }, rows.reduce(0) { $0 + ($1.closedCount[kind] ?? 0) }
            )
            lines.append(
                "  \(kind.rawValue): open loop only \(open), closed loop only \(closed), both \(both) (found \(found.0) open, \(found.1) closed)"
            )
        }
        let differing = rows.filter { $0.openText != $0.closedText }
        lines.append("  final text differs in \(differing.count) of \(rows.count)")
        for row in differing {
            lines.append(
                "    \(row.script) (\(row.profile)): open loop \"\(row.openText.visibleDescription)\", closed loop \"\(row.closedText.visibleDescription)\""
            )
        }
        return lines.joined(separator: "\n")
    }
}
