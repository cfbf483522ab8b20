import Composition
import Graphemes

/// How much of a large run the HTML report draws in full.
package struct HTMLLimits: Hashable, Sendable {
    /// Session replays with findings drawn with their timelines.
    package var detailedSessions: Int
    /// Further session replays with findings listed in a table, one row each.
    package var listedSessions: Int
    /// Events drawn per timeline (by default as many as a replay keeps steps of).
    package var eventsPerTimeline: Int

    package init(
        detailedSessions: Int = 100, listedSessions: Int = 2_000, eventsPerTimeline: Int = ReplayLimits().steps
    ) {
        self.detailedSessions = detailedSessions
        self.listedSessions = listedSessions
        self.eventsPerTimeline = eventsPerTimeline
    }
}

extension Report {
    /// The report as one self-contained HTML page: inline CSS, no script, no network
    /// (a Content-Security-Policy forbids both), readable from `file://` on a laptop or
    /// a phone.
    ///
    /// The summary comes first (totals, counts by kind with filters, the worst offenders,
    /// versions and seed), then each session replay with findings, collapsed, holding
    /// its findings and a timeline: per event the field drawn as cells, one per UTF-16
    /// unit, grouped by grapheme cluster, with the marked range, the selection and each
    /// profile's call range(s) in the profile's colour, then each profile's call, the
    /// text it proposes next to the text the field holds, their lengths in three units
    /// and the verdict. The per-kind filters are checkboxes that CSS `:has()` reads.
    /// Runs larger than `limits` are drawn in part, with counts of what was left out.
    /// Deterministic: the same report gives the same bytes.
    package func html(limits: HTMLLimits = HTMLLimits()) -> String {
        var page = HTMLPage(report: self, limits: limits)
        return page.render()
    }
}

/// Builds the HTML of one report.
struct HTMLPage {
    let report: Report
    let limits: HTMLLimits
    /// The kinds with findings, whose index names their CSS class (`k0`, `k1`, …) so
    /// that no kind text from a results file ever becomes part of a selector.
    let foundKinds: [FindingKind]
    /// The distinct sets of kinds that session replays have, indexed likewise (`ks0`, …).
    var kindSets: [[Int]] = []
    /// The indices (into the report's sessions) of the session replays drawn in full,
    /// the only ones a link can point to.
    var drawn: Set<Int> = []
    var out = ""

    init(report: Report, limits: HTMLLimits) {
        self.report = report
        self.limits = limits
        foundKinds = report.kinds.filter { $0.count > 0 }.map(\.kind)
    }

    mutating func render() -> String {
        let detailed = report.sessions.enumerated().filter { !$0.element.findings.isEmpty }
        // Number every kind set before writing anything: the style sheet in the head
        // needs a rule per set (`filterCSS`), and sets are numbered as first met here.
        for (_, session) in detailed { _ = kindSetIndex(session) }
        drawn = Set(detailed.prefix(limits.detailedSessions).map(\.offset))
        let filters = filterCSS()
        out += "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"/>\n"
        out += "<title>IMEHarness \(Markup.escape(report.title))</title>\n"
        out += "<style>\n\(ReportStyle.css)\(filters)</style>\n</head>\n<body>\n"
        summary()
        sessions(detailed)
        out += "<footer>Written by ime-harness. No script runs in this page; "
        out += "invisible and direction-changing characters are shown as labelled tokens.</footer>\n"
        out += "</body>\n</html>\n"
        return out
    }

    // MARK: Summary

    private mutating func summary() {
        out +=
            "<header>\n<h1>\(Markup.html(report.title))</h1>\n<p class=\"meta\">ICU \(Markup.html(report.icuVersion))"
        out += " · Unicode \(Markup.html(report.unicodeVersion)) · profiles "
        out += report.profiles.enumerated().map { index, name in
            "<span class=\"sw p\(index % ReportStyle.profileColours)\"></span>\(Markup.html(name))"
        }.joined(separator: ", ")
        out += "</p>\n"
        if let groups = report.profilesByPlatform {
            out += "<p class=\"meta\">by platform: "
            out += groups.map { group in
                "\(Markup.html(group.platform)) (\(group.profiles.map { Markup.html($0) }.joined(separator: ", ")))"
            }.joined(separator: "; ")
            out += "</p>\n"
        }
        out += "<p class=\"verdict \(report.passes ? "pass" : "fail")\"><b>\(report.verdictWord)</b>"
        out += Markup.html(" " + report.verdictDetail) + "</p>\n"
        out += "</header>\n<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"tiles\">\n"
        switch report.origin {
        case .replay:
            shownCounters()
            tile("sessions", report.sessionCount)
            tile("profiles", report.profiles.count)
            tile("rules", report.rules.count)
            tile("session replays", report.sessions.count)
            tile("events replayed", report.eventsReplayed)
            tile("discrepancies", report.findingCount, bad: report.findingCount > 0, shown: "cf")
            tile("unreadable sessions", report.errors.count, bad: !report.errors.isEmpty)
        case .fuzz(let fuzz):
            tile("seed", String(fuzz.seed))
            tile("shards", fuzz.shards.map(\.description).joined(separator: ", "))
            tile("sessions generated", fuzz.iterations)
            tile("seconds", String(Int(fuzz.seconds.rounded())))
            tile("properties checked", fuzz.properties.count)
            tile("properties failed", report.failedPropertyCount, bad: !report.sessions.isEmpty)
            tile("root causes", report.sessions.count, bad: !report.sessions.isEmpty)
        }
        out += "</div>\n"
        if report.rules.count > 3 {
            out += "<details class=\"rules\"><summary>Rules (\(report.rules.count))</summary><ul>"
            for rule in report.rules { out += "<li><code>\(Markup.html(rule))</code></li>" }
            out += "</ul></details>\n"
        } else {
            out += "<p>\(report.rules.count == 1 ? "Rule" : "Rules"): "
            out += report.rules.map { "<code>\(Markup.html($0))</code>" }.joined(separator: ", ") + "</p>\n"
        }
        kindTable()
        worstOffenders()
        if !report.errors.isEmpty {
            out += "<h2>Sessions that could not be read</h2>\n<ul class=\"errors\">\n"
            for error in report.errors { out += "<li>\(Markup.html(error.description))</li>\n" }
            out += "</ul>\n"
        }
        out += "</section>\n"
    }

    private mutating func tile(_ label: String, _ value: Int, bad: Bool = false, shown counter: String? = nil) {
        tile(label, String(value), bad: bad, shown: counter)
    }

    /// A number and its label; with `counter`, also how many of it the kind filters show.
    private mutating func tile(_ label: String, _ value: String, bad: Bool = false, shown counter: String? = nil) {
        out += "<div class=\"tile\(bad ? " bad" : "")\"><b>\(Markup.html(value))</b>\(Markup.escape(label))"
        if let counter { out += shown(counter) }
        out += "</div>\n"
    }

    /// "(N shown)", drawn only while a kind filter is unticked; N is the CSS counter
    /// `counter` at this point of the page.
    private func shown(_ counter: String) -> String {
        "<span class=\"shown\"> (<span class=\"\(counter)\"></span> shown)</span>"
    }

    /// Empty elements, one per kind with findings and one per set of kinds, that add
    /// their counts to the CSS counters `cf` (findings) and `cs` (session replays with
    /// findings) unless the kind filters hide them (a hidden element counts nothing).
    /// They come first, so every number drawn from the counters later is the total.
    private mutating func shownCounters() {
        for index in foundKinds.indices { out += "<span class=\"cnt f k\(index)\"></span>" }
        for index in kindSets.indices where !kindSets[index].isEmpty {
            out += "<span class=\"cnt s ks\(index)\"></span>"
        }
        out += "\n"
    }

    /// Counts by kind; a kind with findings has a checkbox that shows or hides them.
    private mutating func kindTable() {
        let isFuzz = { if case .fuzz = report.origin { true } else { false } }()
        out += "<h2>\(isFuzz ? "Properties" : "Discrepancies by kind")</h2>\n"
        if foundKinds.isEmpty {
            out += "<p>\(isFuzz ? "No property failed." : "No discrepancy found.")</p>\n"
        } else {
            kindRows(isFuzz: isFuzz)
        }
        let absent = report.kinds.filter { $0.count == 0 }
        if !absent.isEmpty {
            out += "<p class=\"absent\">None found of: "
            out +=
                absent.map { "<code title=\"\(Markup.escape($0.explanation))\">\(Markup.html($0.kind.name))</code>" }
                .joined(separator: ", ") + ".</p>\n"
        }
    }

    /// The kinds with findings, each with the checkbox that shows or hides them.
    private mutating func kindRows(isFuzz: Bool) {
        out += "<table class=\"kinds\">\n<thead><tr><th>show</th><th>\(isFuzz ? "property" : "kind")</th>"
        out += "<th class=\"n\">\(isFuzz ? "failures" : "count")</th><th>meaning</th></tr></thead>\n<tbody>\n"
        for kind in report.kinds where kind.count > 0 {
            let index = foundKinds.firstIndex(of: kind.kind) ?? 0
            out += "<tr><td><input type=\"checkbox\" id=\"f\(index)\" checked=\"checked\"/></td>"
            out += "<td><label for=\"f\(index)\"><code>\(Markup.html(kind.kind.name))</code></label></td>"
            out += "<td class=\"n\">\(kind.count)</td><td>\(Markup.html(kind.explanation))</td></tr>\n"
        }
        out += "</tbody>\n"
        if case .replay = report.origin {
            out += "<tfoot><tr><td></td><td>all kinds</td><td class=\"n\">\(report.findingCount)\(shown("cf"))</td>"
            out += "<td></td></tr></tfoot>\n"
        }
        out += "</table>\n"
    }

    private mutating func worstOffenders() {
        let worst = report.worstOffenders(10)
        guard !worst.isEmpty, case .replay = report.origin else { return }
        let anchors = Dictionary(
            report.sessions.enumerated().map { ("\($0.element.sessionID)\u{0}\($0.element.rule)", $0.offset) },
            uniquingKeysWith: { first, _ in first })
        out += "<h2>Worst offenders</h2>\n<table class=\"worst\">\n<thead><tr><th>session</th><th>rule</th>"
        out += "<th>kinds</th><th class=\"n\">discrepancies</th></tr></thead>\n<tbody>\n"
        for session in worst {
            let anchor = anchors["\(session.sessionID)\u{0}\(session.rule)"] ?? -1
            out += "<tr class=\"s ks\(kindSetIndex(session))\"><td>"
            out +=
                drawn.contains(anchor)
                ? "<a href=\"#s\(anchor)b\">\(Markup.html(session.sessionID))</a>" : Markup.html(session.sessionID)
            out += "</td>"
            out += "<td><code>\(Markup.html(session.rule))</code></td><td>\(kindBadges(session, counted: true))</td>"
            out += "<td class=\"n\">\(session.findingTotal)\(shown("cw"))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
    }

    // MARK: Sessions

    private mutating func sessions(_ withFindings: [(offset: Int, element: SessionReplay)]) {
        out += "<section id=\"sessions\">\n"
        switch report.origin {
        case .replay:
            out += "<h2>Sessions with discrepancies</h2>\n<p>\(withFindings.count) of \(report.sessions.count) "
            out += "session replays (session × rule) have discrepancies\(shown("cs")).</p>\n"
        case .fuzz:
            out +=
                "<h2>Counterexamples</h2>\n<p>\(withFindings.isEmpty ? "No property failed." : "Each minimised; the timeline shows every event.")</p>\n"
        }
        let open = withFindings.count <= 3
        for (index, session) in withFindings.prefix(limits.detailedSessions) {
            sessionDetails(session, anchor: index, open: open)
        }
        let rest = withFindings.dropFirst(limits.detailedSessions)
        if !rest.isEmpty {
            out += "<h3>More session replays with findings</h3>\n<p>Drawn in full above: the first "
            out += "\(limits.detailedSessions). Listed here: \(min(rest.count, limits.listedSessions)).</p>\n"
            out += "<table class=\"more\">\n<thead><tr><th>session</th><th>rule</th><th class=\"n\">findings</th>"
            out += "<th>kinds</th></tr></thead>\n<tbody>\n"
            for (_, session) in rest.prefix(limits.listedSessions) {
                out += "<tr class=\"s ks\(kindSetIndex(session))\"><td>\(Markup.html(session.sessionID))</td>"
                out +=
                    "<td><code>\(Markup.html(session.rule))</code></td><td class=\"n\">\(session.findingTotal)</td>"
                out += "<td>\(kindBadges(session))</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
            let omitted = rest.count - min(rest.count, limits.listedSessions)
            if omitted > 0 {
                out += "<p class=\"omitted\">\(omitted) more session replays with findings are omitted here; "
                out += "the JSON report lists them all.</p>\n"
            }
        }
        let clean = report.sessions.filter { $0.findings.isEmpty }
        if !clean.isEmpty {
            out += "<details class=\"clean\"><summary>\(clean.count) session replays without findings</summary><p>"
            out += clean.prefix(limits.listedSessions).map {
                "\(Markup.html($0.sessionID)) (<code>\(Markup.html($0.rule))</code>)"
            }.joined(separator: ", ")
            if clean.count > limits.listedSessions { out += " and \(clean.count - limits.listedSessions) more" }
            out += "</p></details>\n"
        }
        out += "</section>\n"
    }

    private mutating func sessionDetails(_ session: SessionReplay, anchor: Int, open: Bool) {
        out += "<details class=\"s ks\(kindSetIndex(session))\" id=\"s\(anchor)\"\(open ? " open=\"open\"" : "")>\n"
        out += "<summary><span class=\"sid\">\(Markup.html(session.sessionID))</span>"
        out += "<code>\(Markup.html(session.rule))</code> \(kindBadges(session))</summary>\n"
        // Links point into the body, not at the `<details>`: browsers open a closed
        // `<details>` to show a fragment inside it (HTML's "ancestor details revealing
        // algorithm"), not one naming the element itself.
        out += "<div class=\"sbody\" id=\"s\(anchor)b\">\n<p class=\"final\">Final text: "
        out += session.finalText.map { final in
            "\(profileLabel(final.profile)) \(quoted(final.value))"
        }.joined(separator: " · ")
        if session.finalTextsDiffer { out += " <span class=\"kind\">differs</span>" }
        out += "</p>\n<table class=\"findings\">\n<thead><tr><th class=\"n\">event</th><th>kind</th>"
        out += "<th>profiles</th><th>what happened</th></tr></thead>\n<tbody>\n"
        for finding in session.findings {
            out +=
                "<tr class=\"f k\(foundKinds.firstIndex(of: finding.kind) ?? 0)\"><td class=\"n\" data-label=\"event\">"
            if let event = finding.event, event < limits.eventsPerTimeline, !session.traces.isEmpty {
                out += "<a href=\"#s\(anchor)e\(event)\">\(event)</a>"
            } else {
                out += finding.event.map(String.init) ?? "—"
            }
            out += "</td><td data-label=\"kind\"><span class=\"kind\">\(Markup.html(finding.kind.name))</span></td>"
            out += "<td data-label=\"profiles\">" + finding.profiles.map(profileLabel).joined(separator: " ")
            out += "</td><td data-label=\"what happened\">\(Markup.html(finding.message))"
            out +=
                "<div class=\"why\">\(Markup.html(finding.why.map { "Why the rule: \($0)." } ?? finding.kind.explanation))</div></td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        if let note = Report.omissionNote(session) { out += "<p class=\"omitted\">\(Markup.html(note))</p>\n" }
        timeline(session, anchor: anchor)
        out += "</div>\n</details>\n"
    }

    // MARK: Timeline

    private mutating func timeline(_ session: SessionReplay, anchor: Int) {
        guard !session.traces.isEmpty else {
            out += "<p class=\"omitted\">No timeline: the results file holds no traces for this session.</p>\n"
            return
        }
        out += "<h3>Timeline</h3>\n"
        // Traces keep the first events only (``ReplayLimits``); the session says how many there were.
        let eventCount = max(session.eventCount, session.traces.map { $0.steps.count }.max() ?? 0)
        for index in 0..<min(eventCount, limits.eventsPerTimeline) {
            let steps = session.traces.compactMap { trace in
                trace.steps.first { $0.eventIndex == index }.map { (profile: trace.profile, step: $0) }
            }
            guard let event = steps.first?.step.event else { continue }
            let findings = session.findings.filter { $0.event == index }
            out += "<div class=\"ev\(findings.isEmpty ? "" : " hit")\" id=\"s\(anchor)e\(index)\">\n"
            out += "<h4><span class=\"idx\">\(index)</span> <code>\(Markup.html(event.description))</code></h4>\n"
            for finding in findings {
                out += "<p class=\"hitmsg f k\(foundKinds.firstIndex(of: finding.kind) ?? 0)\">"
                out += "<span class=\"kind\" title=\"\(Markup.escape(finding.kind.explanation))\">"
                out += "\(Markup.html(finding.kind.name))</span> \(Markup.html(finding.message))</p>\n"
            }
            diagrams(steps)
            callTable(steps)
            out += "</div>\n"
        }
        if eventCount > limits.eventsPerTimeline {
            out += "<p class=\"omitted\">\(eventCount - limits.eventsPerTimeline) more events not drawn.</p>\n"
        }
        if session.findings.contains(where: { $0.event == nil }) {
            out += "<div class=\"ev hit\"><h4>End of the session</h4>\n<p>"
            out += session.traces.map {
                "\(profileLabel($0.profile)) <code>\(Markup.html($0.final.briefNotation))</code>"
            }
            .joined(separator: " · ")
            out += "</p>\n</div>\n"
        }
    }

    /// The field before the event: one diagram with every profile's calls when all
    /// profiles saw the same field, else one per profile.
    private mutating func diagrams(_ steps: [(profile: String, step: TraceStep)]) {
        let fields = steps.map(\.step.before)
        let overlays = steps.map { entry in
            FieldDiagram.Overlay(
                profile: entry.profile, colour: colour(of: entry.profile),
                calls: entry.step.calls.map(\.call), skipped: entry.step.skipped,
                editing: entry.step.editingSummary)
        }
        out += "<div class=\"diagram\">"
        if Set(fields).count <= 1, let field = fields.first {
            out += FieldDiagram(field: field, overlays: overlays).html
        } else {
            for (field, overlay) in zip(fields, overlays) {
                out += FieldDiagram(field: field, overlays: [overlay]).html
            }
        }
        out += "</div>\n"
    }

    /// Per profile: each call, the text it proposes against the text the field then
    /// holds, their lengths, and the verdict.
    private mutating func callTable(_ steps: [(profile: String, step: TraceStep)]) {
        out += "<table class=\"calls\">\n<thead><tr><th>profile</th><th>call</th><th>proposed text</th>"
        out += "<th title=\"UTF-16 units / scalars / grapheme clusters\">length u16/sc/gr</th><th>verdict</th>"
        out += "<th>field after</th></tr></thead>\n<tbody>\n"
        for (profile, step) in steps {
            let rows = max(step.calls.count, 1)
            let after =
                "<td rowspan=\"\(rows)\" data-label=\"field after\"><code>\(Markup.html(step.after.briefNotation))</code>"
                + (step.rewrittenTo.map {
                    "<div class=\"note\">\(step.editing.isEmpty ? "editingChanged" : "the delegate") set the text to \(quoted($0))"
                        + (step.rewriteEndedComposition ? ", ending the composition" : "") + "</div>"
                } ?? "")
                + (step.newBrokenSpots.isEmpty
                    ? ""
                    : "<div class=\"note bad\">"
                        + Markup.html(step.newBrokenSpots.map(\.description).joined(separator: "; "))
                        + "</div>")
                + "</td>"
            guard !step.calls.isEmpty else {
                out += "<tr><td data-label=\"profile\">\(profileLabel(profile))</td>"
                out += "<td colspan=\"4\" class=\"muted\" data-label=\"call\">"
                out +=
                    step.skipped.map { "event skipped: " + Markup.html($0.description) }
                    ?? step.editingSummary.map(Markup.html) ?? "no delegate call"
                out += "</td>\(after)</tr>\n"
                continue
            }
            for (position, record) in step.calls.enumerated() {
                out += "<tr>"
                if position == 0 {
                    out += "<td rowspan=\"\(rows)\" data-label=\"profile\">\(profileLabel(profile))</td>"
                }
                out += "<td data-label=\"call\"><code>\(Markup.html(record.call.description))</code>"
                if !record.rangeProblems.isEmpty {
                    out += "<div class=\"note bad\">"
                    out += Markup.html(record.rangeProblems.map(\.description).joined(separator: "; ")) + "</div>"
                }
                out += "</td>"
                if let proposed = record.proposedText {
                    let differs = record.accepted && proposed != record.resultingText
                    out += "<td\(differs ? " class=\"differs\"" : "") data-label=\"proposed\">\(quoted(proposed))"
                    if differs { out += "<div class=\"note bad\">field holds \(quoted(record.resultingText))</div>" }
                    let lengths = TextLengths(measuring: proposed)
                    out +=
                        "</td><td class=\"mono\" data-label=\"u16/sc/gr\">\(lengths.utf16)/\(lengths.scalars)/\(lengths.graphemes)</td>"
                } else {
                    out += "<td class=\"muted\" data-label=\"proposed\">none (invalid range)</td>"
                    out += "<td data-label=\"u16/sc/gr\"></td>"
                }
                out +=
                    record.accepted
                    ? "<td class=\"ok\" data-label=\"verdict\">accepted</td>"
                    : "<td class=\"bad\" data-label=\"verdict\">rejected</td>"
                if position == 0 { out += after }
                out += "</tr>\n"
            }
        }
        out += "</tbody>\n</table>\n"
    }

    // MARK: Pieces

    private func colour(of profile: String) -> Int {
        (report.profiles.firstIndex(of: profile) ?? 0) % ReportStyle.profileColours
    }

    private func profileLabel(_ profile: String) -> String {
        "<span class=\"pl p\(colour(of: profile))\">\(Markup.html(profile))</span>"
    }

    /// Text in quotes, tokens visible; "(empty)" for the empty text.
    /// A text longer than ``UTF16Text/briefLimit`` units shows its first and last 80,
    /// the units between counted (as messages do).
    private func quoted(_ text: UTF16Text) -> String {
        guard !text.isEmpty else { return "<span class=\"muted\">(empty)</span>" }
        guard text.length > UTF16Text.briefLimit else { return "<q>\(Markup.html(text))</q>" }
        let head = text.splitsSurrogatePair(at: 80) ? 79 : 80
        let tail = text.splitsSurrogatePair(at: text.length - 80) ? text.length - 81 : text.length - 80
        return "<q>\(Markup.html(text[UTF16Range(0..<head)]))<span class=\"muted\">…(\(tail - head) units)…</span>"
            + "\(Markup.html(text[UTF16Range(tail..<text.length)]))</q>"
    }

    /// A badge per kind of `session`'s findings, with its count; the kind filters hide
    /// a badge with its kind. `counted` badges add their count to the CSS counter `cw`
    /// (the worst offenders' shown discrepancies, one row at a time).
    private func kindBadges(_ session: SessionReplay, counted: Bool = false) -> String {
        Report.countsByKind(session).map { kind, count in
            let index = foundKinds.firstIndex(of: kind) ?? 0
            let counter = counted ? " style=\"counter-increment: cw \(count)\"" : ""
            return
                "<span class=\"kind f k\(index)\"\(counter)>\(Markup.html(kind.name))\(count > 1 ? " ×\(count)" : "")</span>"
        }.joined(separator: " ")
    }

    /// The index of the set of kinds `session` has, registering it on first sight.
    private mutating func kindSetIndex(_ session: SessionReplay) -> Int {
        let set = Set(session.findings.compactMap { foundKinds.firstIndex(of: $0.kind) }).sorted()
        if let index = kindSets.firstIndex(of: set) { return index }
        kindSets.append(set)
        return kindSets.count - 1
    }

    /// Hides findings of unticked kinds, and session replays all of whose kinds are
    /// unticked; gives the counting elements of ``shownCounters()`` their counts.
    private mutating func filterCSS() -> String {
        var css = ""
        let counts = Dictionary(report.kinds.map { ($0.kind, $0.count) }, uniquingKeysWith: +)
        for (index, kind) in foundKinds.enumerated() {
            css += "body:has(#f\(index):not(:checked)) .f.k\(index) { display: none; }\n"
            css += ".cnt.k\(index) { counter-increment: cf \(counts[kind] ?? 0); }\n"
        }
        var replaysPerSet = [Int](repeating: 0, count: kindSets.count)
        for session in report.sessions where !session.findings.isEmpty {
            replaysPerSet[kindSetIndex(session)] += 1
        }
        for (index, set) in kindSets.enumerated() where !set.isEmpty {
            css += "body" + set.map { ":has(#f\($0):not(:checked))" }.joined()
            css += " .s.ks\(index) { display: none; }\n"
            css += ".cnt.ks\(index) { counter-increment: cs \(replaysPerSet[index]); }\n"
        }
        return css
    }
}
