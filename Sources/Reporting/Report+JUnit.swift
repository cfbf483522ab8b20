import Composition
import Fuzzing
import Graphemes

extension Report {
    /// The report as JUnit XML, the format CI systems already display.
    ///
    /// A replay gives a `<testsuite>` per rule and a `<testcase>` per session × profile
    /// (`classname` the rule, `name` "SESSION (PROFILE)"). A case fails when it has a
    /// finding that fails the run (``gate``), with one `<failure>` listing them all: `type`
    /// the first one's kind, `message` its event and message (and how many more), the body
    /// each one's kind, message, explanation and the field before its event in field
    /// notation. One failure per case because Jenkins, GitLab and GitHub's test reporters
    /// show only one per case; a case per finding would rename cases from run to run as
    /// findings come and go, and break their history. Findings that do not fail the run
    /// are the case's `<system-out>`. Unreadable sessions are `<error>`s in a suite of their
    /// own. A fuzz run gives one suite with a test case per property checked, failing
    /// with the minimised session's events. The suites' `failures` count failed test
    /// cases. No timestamps or durations: the same report gives the same bytes.
    package var junit: String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0)
        switch origin {
        case .replay:
            for rule in rules {
                let cases = sessions.filter { $0.rule == rule }.flatMap { session in
                    profiles.map { profile in replayCase(session, profile: profile) }
                }
                suites.append(suite(name: rule, cases: cases, totals: &totals))
            }
        case .fuzz(let fuzz):
            let cases = fuzz.properties.flatMap { property in fuzzCases(fuzz, property: .property(property)) }
            suites.append(suite(name: "fuzz \(fuzz.rule) seed \(fuzz.seed)", cases: cases, totals: &totals))
        }
        if !errors.isEmpty {
            let cases = errors.map { error in
                TestCase(
                    classname: "unreadable sessions", name: error.file + (error.line.map { ":\($0)" } ?? ""),
                    body: "<error type=\"unreadable-session\" message=\"\(Markup.xml(error.description))\"/>",
                    failed: false, erred: true)
            }
            suites.append(suite(name: "unreadable sessions", cases: cases, totals: &totals))
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Markup.xml("ime-harness " + title))\" tests=\"\(totals.tests)\" "
        out += "failures=\"\(totals.failures)\" errors=\"\(totals.errors)\">\n"
        out += suites.joined()
        return out + "</testsuites>\n"
    }

    /// One `<testcase>`, rendered.
    private struct TestCase {
        var classname: String
        var name: String
        var body: String
        var failed: Bool
        var erred: Bool
    }

    private func replayCase(_ session: SessionReplay, profile: String) -> TestCase {
        let findings = session.findings.filter { $0.profiles.isEmpty || $0.profiles.contains(profile) }
        func describe(_ finding: Finding) -> String {
            var detail =
                "\(finding.kind.name) at \(finding.event.map { "event \($0)" } ?? "session"): \(finding.message)"
            detail += "\n  " + finding.kind.explanation
            if let event = finding.event, let field = fieldBefore(event, in: session, profile: profile) {
                detail += "\n  field before event \(event) under \(profile): \(field.briefNotation)"
            }
            return detail
        }
        let failing = findings.filter { fails($0, in: session) }
        let reported = findings.filter { !fails($0, in: session) }
        // Counted beyond what a replay keeps: said as counts, since the findings themselves
        // were not kept.
        let omitted = session.omitted.filter { $0.profiles.contains(profile) }
        let counted = { (count: FindingCount) in
            self.gate.fails(.discrepancy(count.kind))
                && self.baseline?.accepted[
                    self.identity(session, kind: .discrepancy(count.kind), profiles: count.profiles, event: nil)] == nil
        }
        let omittedFailing = omitted.filter(counted).reduce(0) { $0 &+ $1.count }
        let omittedReported = omitted.filter { !counted($0) }.reduce(0) { $0 &+ $1.count }
        var body = ""
        if let first = failing.first {
            let more = failing.count - 1 + omittedFailing
            let place = first.event.map { "event \($0)" } ?? "session"
            let message = "\(place): \(first.message)" + (more > 0 ? " (and \(more) more)" : "")
            body += "<failure type=\"\(Markup.xml(first.kind.name))\" message=\"\(Markup.xml(message))\">"
            var text = failing.map(describe).joined(separator: "\n")
            if omittedFailing > 0 { text += "\n\(omittedFailing) more were counted but not kept (ReplayLimits)" }
            body += Markup.xml(text) + "</failure>"
        } else if omittedFailing > 0 {
            body +=
                "<failure type=\"omitted\" message=\"\(omittedFailing) findings were counted but not kept (ReplayLimits)\"/>"
        }
        if !reported.isEmpty || omittedReported > 0 {
            var text = reported.map(describe).joined(separator: "\n")
            if omittedReported > 0 {
                text += (text.isEmpty ? "" : "\n") + "\(omittedReported) more were counted but not kept (ReplayLimits)"
            }
            body += "<system-out>" + Markup.xml("Reported, not failing the run (--fail-on \(gate.name)):\n" + text)
            body += "</system-out>"
        }
        return TestCase(
            classname: session.rule, name: "\(session.sessionID) (\(profile))", body: body,
            failed: !failing.isEmpty || omittedFailing > 0, erred: false)
    }

    /// A passing case named after the property, or one failing case per distinct failure
    /// (`PROPERTY`, then `PROPERTY #2`, …), each with one `<failure>`: viewers that show
    /// one failure per case show them all.
    private func fuzzCases(_ fuzz: FuzzResult, property: FindingKind) -> [TestCase] {
        let failures = sessions.compactMap { session in
            session.findings.first { $0.kind == property }.map { (session, $0) }
        }
        guard !failures.isEmpty else {
            return [TestCase(classname: fuzz.rule, name: property.name, body: "", failed: false, erred: false)]
        }
        return failures.enumerated().map { index, failure in
            fuzzCase(
                fuzz, name: index == 0 ? property.name : "\(property.name) #\(index + 1)", session: failure.0,
                finding: failure.1)
        }
    }

    private func fuzzCase(_ fuzz: FuzzResult, name: String, session: SessionReplay, finding: Finding)
        -> TestCase
    {
        let property = finding.kind
        var detail = property.explanation + "\nminimised session \(session.sessionID)"
        let profile = finding.profiles.first
        if let trace = session.traces.first(where: { $0.profile == profile }) ?? session.traces.first {
            detail += " under \(trace.profile):"
            for step in trace.steps {
                detail +=
                    "\n  \(step.eventIndex): \(step.event)   \(step.before.briefNotation) → \(step.after.briefNotation)"
            }
        }
        let place = finding.event.map { "event \($0)" } ?? "session"
        let body =
            "<failure type=\"\(Markup.xml(property.name))\" message=\"\(Markup.xml("\(place): \(finding.message)"))\">"
            + Markup.xml(detail) + "</failure>"
        return TestCase(classname: fuzz.rule, name: name, body: body, failed: true, erred: false)
    }

    private func suite(name: String, cases: [TestCase], totals: inout (tests: Int, failures: Int, errors: Int))
        -> String
    {
        let failures = cases.filter(\.failed).count
        let errors = cases.filter(\.erred).count
        totals.tests += cases.count
        totals.failures += failures
        totals.errors += errors
        var out = "  <testsuite name=\"\(Markup.xml(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
        out += "errors=\"\(errors)\" skipped=\"0\">\n    <properties>"
        var properties = [
            ("icu", icuVersion), ("unicode", unicodeVersion), ("profiles", profiles.joined(separator: ",")),
        ]
        if case .fuzz(let fuzz) = origin {
            properties += [
                ("seed", String(fuzz.seed)), ("shards", fuzz.shards.map(\.description).joined(separator: ",")),
                ("iterations", String(fuzz.iterations)),
            ]
        }
        for (key, value) in properties {
            out += "<property name=\"\(key)\" value=\"\(Markup.xml(value))\"/>"
        }
        out += "</properties>\n"
        for testCase in cases {
            out += "    <testcase classname=\"\(Markup.xml(testCase.classname))\" name=\"\(Markup.xml(testCase.name))\""
            out += testCase.body.isEmpty ? "/>\n" : ">\(testCase.body)</testcase>\n"
        }
        return out + "  </testsuite>\n"
    }
}
