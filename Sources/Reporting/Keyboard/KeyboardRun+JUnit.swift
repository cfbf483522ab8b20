import KeyboardOverlap

extension KeyboardRun {
    /// A test suite per handler, a test case per session × profile, one `<failure>`
    /// listing its broken invariants (as `replay`'s JUnit does).
    package var junit: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"ime-harness keyboard\" tests=\"\(replays.count)\" failures=\""
        out += "\(replays.filter { !$0.findings.isEmpty }.count)\">\n"
        for handler in handlers {
            let mine = replays.filter { $0.handler == handler.name }
            out += "  <testsuite name=\"\(Markup.xml(handler.name))\" tests=\"\(mine.count)\" failures=\""
            out += "\(mine.filter { !$0.findings.isEmpty }.count)\">\n"
            for replay in mine {
                out += "    <testcase classname=\"\(Markup.xml(handler.name))\" name=\""
                out += "\(Markup.xml(replay.sessionID)) [\(Markup.xml(replay.profile))]\""
                if replay.findings.isEmpty {
                    out += "/>\n"
                    continue
                }
                out += ">\n      <failure message=\"\(replay.findings.count) broken invariant(s)\">"
                out += Markup.xml(
                    replay.findings.map { "event \($0.event): \($0.invariant.rawValue): \($0.message)" }
                        .joined(separator: "\n"))
                out += "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
