import KeyboardOverlap

extension KeyboardRun {
    /// A test suite per handler, a test case per session × profile, one `<failure>`
    /// listing its broken invariants that fail the run, the others as `<system-out>` (as
    /// `replay`'s JUnit does).
    package var junit: String {
        let fails = { (replay: KeyboardReplay) in replay.findings.contains { self.fails($0.invariant) } }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"ime-harness keyboard\" tests=\"\(replays.count)\" failures=\""
        out += "\(replays.filter(fails).count)\">\n"
        for handler in handlers {
            let mine = replays.filter { $0.handler == handler.name }
            out += "  <testsuite name=\"\(Markup.xml(handler.name))\" tests=\"\(mine.count)\" failures=\""
            out += "\(mine.filter(fails).count)\">\n"
            for replay in mine {
                out += "    <testcase classname=\"\(Markup.xml(handler.name))\" name=\""
                out += "\(Markup.xml(replay.sessionID)) [\(Markup.xml(replay.profile))]\""
                if replay.findings.isEmpty {
                    out += "/>\n"
                    continue
                }
                let describe = { (findings: [KeyboardFinding]) in
                    Markup.xml(
                        findings.map { "event \($0.event): \($0.invariant.rawValue): \($0.message)" }
                            .joined(separator: "\n"))
                }
                let failing = replay.findings.filter { self.fails($0.invariant) }
                let reported = replay.findings.filter { !self.fails($0.invariant) }
                out += ">\n"
                if !failing.isEmpty {
                    out += "      <failure message=\"\(failing.count) broken invariant(s)\">"
                    out += describe(failing) + "</failure>\n"
                }
                if !reported.isEmpty {
                    out += "      <system-out>Reported, not failing the run (--fail-on \(gate.name)):\n"
                    out += describe(reported) + "</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
