import KeyboardOverlap

extension KeyboardRun {
    /// The run as one self-contained HTML page, like the text reports' (inline CSS, no
    /// script, a Content-Security-Policy forbidding both): the verdict, counts per handler
    /// and invariant, then each replay that broke an invariant with, per event, the
    /// notifications and the handler's writes next to a drawing of the screen after the
    /// event (inline SVG): the screen and its safe area, where the system put the window and
    /// where the handler moved it, the keyboard, the region where the focused field must
    /// lie, and the field — red when the keyboard covers it.
    package var html: String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        out +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"/>\n"
        out +=
            "<title>IMEHarness keyboard overlap</title>\n<style>\n\(ReportStyle.css)\(Self.css)</style>\n</head>\n<body>\n"
        out += "<header>\n<h1>Keyboard overlap</h1>\n<p class=\"meta\">profiles "
        out += profiles.map { Markup.html($0) }.joined(separator: ", ") + "</p>\n"
        let passes = exitCode == 0
        out += "<p class=\"verdict \(passes ? "pass" : "fail")\"><b>\(passes ? "PASS" : "FAIL")</b>"
        out += Markup.html(gateNote + ": " + verdictDetail) + "</p>\n</header>\n"
        out += "<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"tiles\">\n"
        if let fuzz {
            out += Self.tile("seed", String(fuzz.seed)) + Self.tile("sessions generated", String(fuzz.iterations))
            out += Self.tile("seconds", String(Int(fuzz.seconds.rounded())))
            out += Self.tile("counterexamples", String(fuzz.failures.count), bad: !fuzz.failures.isEmpty)
        } else {
            out += Self.tile("sessions", String(sessionCount)) + Self.tile("replays", String(replays.count))
            out += Self.tile("broken invariants", String(findingCount), bad: findingCount > 0)
            out += Self.tile("unreadable sessions", String(errors.count), bad: !errors.isEmpty)
        }
        out += "</div>\n<table class=\"kinds\">\n<thead><tr><th>handler</th><th class=\"n\">replays</th>"
        for invariant in KeyboardInvariant.allCases {
            out += "<th class=\"n\" title=\"\(Markup.escape(invariant.explanation))\">\(invariant.rawValue)</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in handlerSummary {
            out += "<tr><td><code>\(Markup.html(row.handler))</code></td><td class=\"n\">\(row.replays)</td>"
            for invariant in KeyboardInvariant.allCases {
                let count = row.counts[invariant] ?? 0
                out += "<td class=\"n\(count > 0 ? " bad" : "")\">\(count)</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n<ul class=\"handlers\">\n"
        for handler in handlers {
            out += "<li><code>\(Markup.html(handler.name))</code>: \(Markup.html(handler.summary)) "
            out += "<span class=\"muted\">(\(Markup.html(handler.origin)))</span></li>\n"
        }
        out += "</ul>\n"
        if !errors.isEmpty {
            out += "<h2>Sessions that could not be read</h2>\n<ul class=\"errors\">\n"
            for error in errors { out += "<li>\(Markup.html(error.description))</li>\n" }
            out += "</ul>\n"
        }
        out += Self.legend + "</section>\n<section id=\"replays\">\n"
        let failing = replays.filter { !$0.findings.isEmpty }
        out += "<h2>Broken invariants</h2>\n<p>\(failing.count) of \(replays.count) replays broke an invariant.</p>\n"
        for (index, replay) in failing.prefix(Self.drawnReplays).enumerated() {
            out += Self.replayHTML(replay, anchor: index, open: failing.count <= 3)
        }
        if failing.count > Self.drawnReplays {
            out += "<p class=\"omitted\">\(failing.count - Self.drawnReplays) more failing replays are not drawn; "
            out += "the JSON report lists them all.</p>\n"
        }
        out += "</section>\n<footer>Written by ime-harness. No script runs in this page.</footer>\n</body>\n</html>\n"
        return out
    }

    /// How many failing replays the page draws.
    static let drawnReplays = 100

    static func tile(_ label: String, _ value: String, bad: Bool = false) -> String {
        "<div class=\"tile\(bad ? " bad" : "")\"><b>\(Markup.escape(value))</b>\(Markup.escape(label))</div>\n"
    }

    static func replayHTML(_ replay: KeyboardReplay, anchor: Int, open: Bool) -> String {
        var out = "<details class=\"s\" id=\"k\(anchor)\"\(open ? " open=\"open\"" : "")>\n<summary>"
        out += "<span class=\"sid\">\(Markup.html(replay.sessionID))</span><code>\(Markup.html(replay.handler))</code> "
        out += "<code>\(Markup.html(replay.profile))</code> "
        let kinds = Set(replay.findings.map(\.invariant))
        out +=
            KeyboardInvariant.allCases.filter(kinds.contains).map { "<span class=\"kind\">\($0.rawValue)</span>" }
            .joined(separator: " ")
        out += "</summary>\n<div class=\"sbody\">\n<ul class=\"found\">\n"
        for finding in replay.findings {
            out += "<li><a href=\"#k\(anchor)e\(finding.event)\">event \(finding.event)</a> "
            out += "<span class=\"kind\">\(finding.invariant.rawValue)</span> \(Markup.html(finding.message))</li>\n"
        }
        out += "</ul>\n"
        for step in replay.steps {
            let hit = !step.findings.isEmpty
            out += "<div class=\"ev\(hit ? " hit" : "")\" id=\"k\(anchor)e\(step.event)\">\n"
            out += "<h4><span class=\"idx\">\(step.event)</span> <code>\(Markup.html(step.brief))</code></h4>\n"
            out += "<div class=\"kstep\">\n"
            if let snapshot = step.snapshot { out += drawing(snapshot, covered: step.findings) }
            out += "<div class=\"knotes\">\n"
            for finding in step.findings {
                out += "<p class=\"hitmsg\"><span class=\"kind\">\(finding.invariant.rawValue)</span> "
                out += "\(Markup.html(finding.message))</p>\n"
            }
            if step.deliveries.isEmpty {
                out += "<p class=\"muted\">No notification.</p>\n"
            } else {
                out +=
                    "<table class=\"calls\">\n<thead><tr><th>notification</th><th>handler writes</th></tr></thead>\n<tbody>\n"
                for delivery in step.deliveries {
                    out += "<tr><td data-label=\"notification\"><code>\(Markup.html(delivery.brief))</code></td>"
                    out += "<td data-label=\"writes\">"
                    out +=
                        delivery.writes.isEmpty
                        ? "<span class=\"muted\">—</span>"
                        : delivery.writes.map { "<code>\(Markup.html($0))</code>" }.joined(separator: "<br/>")
                    out += "</td></tr>\n"
                }
                out += "</tbody>\n</table>\n"
            }
            out += "</div>\n</div>\n</div>\n"
        }
        if replay.omittedSteps > 0 {
            out += "<p class=\"omitted\">\(replay.omittedSteps) more events without a finding are not drawn.</p>\n"
        }
        return out + "</div>\n</details>\n"
    }

    /// The screen after an event, in points: the view box is the screen and whatever of
    /// the window a handler moved off it, so that a window pushed up shows above the screen.
    static func drawing(_ snapshot: KeyboardSnapshot, covered findings: [KeyboardFinding]) -> String {
        let screen = snapshot.screen
        let parts = [screen, snapshot.window, snapshot.systemWindow]
        let left = parts.map(\.minX).min() ?? 0
        let top = parts.map(\.minY).min() ?? 0
        let right = parts.map(\.maxX).max() ?? 0
        let bottom = parts.map(\.maxY).max() ?? 0
        let margin = 6.0
        let box = Rect(
            x: left - margin, y: top - margin, width: right - left + 2 * margin, height: bottom - top + 2 * margin)
        // The screen keeps one scale on every drawing: 220 px for a phone's width, 260 for a pad's.
        let scale =
            (screen.width < screen.height ? (screen.width > 500 ? 260 : 220) : (screen.width > 1000 ? 360 : 340))
            / screen.width
        let width = Int((box.width * scale).rounded())
        var out = "<svg class=\"screen\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" "
        out += "viewBox=\"\(number(box.x)) \(number(box.y)) \(number(box.width)) \(number(box.height))\" "
        out += "role=\"img\" aria-label=\"the screen after the event\">\n"
        out += rect(screen, "scr")
        out += rect(snapshot.safeArea, "safe")
        if !snapshot.systemWindow.isClose(to: snapshot.window) { out += rect(snapshot.systemWindow, "syswin") }
        out += rect(snapshot.window, "win")
        if let visible = snapshot.visible { out += rect(visible, "vis") }
        if let keyboard = snapshot.keyboard { out += rect(keyboard, snapshot.keyboardDocked ? "kb" : "kb float") }
        if let field = snapshot.field {
            let bad = findings.contains { $0.invariant == .fieldCovered }
            out += rect(field, bad ? "fld bad" : "fld")
        }
        return out + rect(screen, "edge") + "</svg>\n"
    }

    static func rect(_ rect: Rect, _ kind: String) -> String {
        "<rect class=\"\(kind)\" x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(max(0, rect.width)))\" height=\"\(number(max(0, rect.height)))\"/>\n"
    }

    static func number(_ value: Double) -> String { Rect.format((value * 10).rounded() / 10) }

    static let legend = """
        <p class="klegend">In the drawings: <svg width="14" height="10"><rect class="win" width="14" height="10"/></svg> the window \
        (<svg width="14" height="10"><rect class="syswin" width="14" height="10"/></svg> where the system put it, when a handler moved it), \
        <svg width="14" height="10"><rect class="safe" width="14" height="10"/></svg> the safe area, \
        <svg width="14" height="10"><rect class="vis" width="14" height="10"/></svg> where the focused field must lie, \
        <svg width="14" height="10"><rect class="kb" width="14" height="10"/></svg> the keyboard, \
        <svg width="14" height="10"><rect class="fld" width="14" height="10"/></svg> the focused field \
        (<svg width="14" height="10"><rect class="fld bad" width="14" height="10"/></svg> covered).</p>

        """

    package static let css = """
        .kstep { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        .knotes { flex: 1 1 320px; min-width: 0; }
        svg.screen { border-radius: 6px; flex: none; }
        svg .scr { fill: #f4f5f7; stroke: none; }
        svg .edge { fill: none; stroke: #15181d; stroke-width: 3px; }
        svg .safe { fill: none; stroke: #adb5bd; stroke-width: 1.5px; stroke-dasharray: 6 4; }
        svg .syswin { fill: none; stroke: #1c64d8; stroke-width: 2px; stroke-dasharray: 8 5; }
        svg .win { fill: rgba(28,100,216,.08); stroke: #1c64d8; stroke-width: 2.5px; }
        svg .vis { fill: rgba(43,138,62,.18); stroke: #2b8a3e; stroke-width: 1.5px; }
        svg .kb { fill: rgba(52,58,64,.55); stroke: #343a40; stroke-width: 1.5px; }
        svg .kb.float { fill: rgba(52,58,64,.35); stroke-dasharray: 5 3; }
        svg .fld { fill: #e8a100; stroke: #a15c00; stroke-width: 2px; }
        svg .fld.bad { fill: #c92a2a; stroke: #7d1414; }
        .klegend svg { vertical-align: -1px; }
        table.kinds td.bad { color: var(--bad); font-weight: 600; }
        ul.handlers { font-size: .9em; }

        """
}
