import Composition
import Fuzzing
import Graphemes
import HarnessJSON

extension Report {
    /// The documented JSON shape, which ``init(json:)`` reads back. A replay's
    /// (`Corpora/ime-replay-results.schema.json`):
    ///
    /// ```
    /// {"summary": {"run": "replay", "unicodeVersion", "icuVersion", "profiles", "rules",
    ///              "sessions", "eventsReplayed", "discrepancies", "byKind": {...}, "errors",
    ///              "failOn", "verdict": "pass"|"fail", "failing"},
    ///  "sessions": [{"id", "rule", "events", "finalText": {"<profile>": "…"},
    ///                "discrepancies": [{"kind", "event", "profiles", "rule", "message", "why"?, "details"}],
    ///                "traces": [...] (session replays with discrepancies only)}],
    ///  "errors": [{"file", "line"?, "event"?, "message"}]}
    /// ```
    ///
    /// The summary's counts are derived; a reader recomputes them. A fuzz campaign's is
    /// the one shape of fuzz results, what `fuzz --format json` writes (``FuzzResult/json``,
    /// `Corpora/ime-fuzz-results.schema.json`).
    package var json: JSONValue {
        if case .fuzz(let result) = origin { return result.json }
        return .object([
            ("summary", summaryJSON),
            ("sessions", .array(sessions.indices.map { Self.sessionJSON(sessions[$0], index: shard?.indices[$0]) })),
            ("errors", .array(errors.map(\.json))),
        ])
    }

    /// The `summary` member: counts, verdict, gate, baseline, shard and campaign.
    private var summaryJSON: JSONValue {
        var summary: [(String, JSONValue)] = [
            ("run", .string(runName)), ("unicodeVersion", .string(unicodeVersion)),
            ("icuVersion", .string(icuVersion)), ("profiles", .array(profiles.map(JSONValue.string))),
            ("rules", .array(rules.map(JSONValue.string))), ("sessions", .int(sessionCount)),
            ("eventsReplayed", .int(eventsReplayed)), ("discrepancies", .int(findingCount)),
            ("byKind", .object(kinds.map { ($0.kind.name, .int($0.count)) })), ("errors", .int(errors.count)),
            ("failOn", .string(gate.name)), ("verdict", .string(passes ? "pass" : "fail")),
            ("failing", .int(failingCount)),
        ]
        if let baseline {
            // The baseline and the sessions' hashes, so that `report` renders the same verdict.
            summary.append(("baseline", baseline.json))
            summary.append(
                ("sessionHashes", .object(sessionHashes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
            )
        }
        if let shard { summary.append(("shard", .string(shard.shard.description))) }
        return .object(summary)
    }

    /// One element of `sessions`: the session replay, with its position in the unsharded
    /// run when the run was a shard.
    package static func sessionJSON(_ session: SessionReplay, index: Int?) -> JSONValue {
        guard let index, case .object(let members) = session.json else { return session.json }
        return .object(members + [("index", .int(index))])
    }

    /// ``json`` as `rendered()` writes it, cut around the elements of `sessions`: a run
    /// writes `head`, then each replay's ``sessionJSON(_:index:)`` rendered at depth 2
    /// (``sessionSeparator`` between two), then `tail`, and gets the same bytes, holding
    /// only what the summary needs instead of every replay's JSON (``sessions`` may then
    /// hold the replays without their traces). With no sessions, `head` and `tail` are the
    /// whole document.
    package var jsonAroundSessions: (head: String, tail: String) {
        guard !sessions.isEmpty, case .replay = origin else { return (json.rendered(), "") }
        // `{`, the summary member as the renderer writes it at depth 0, and the next key.
        let summary = JSONValue.object([("summary", summaryJSON)]).rendered()
        return (
            String(summary.dropLast(2)) + ",\n  \"sessions\": [\n    ",
            "\n  ],\n  \"errors\": " + JSONValue.array(errors.map(\.json)).rendered(depth: 1) + "\n}"
        )
    }

    /// What separates two elements of `sessions` in ``jsonAroundSessions``.
    package static let sessionSeparator = ",\n    "

    private var runName: String { origin.family.rawValue }

    /// Reads a report from the JSON of `replay --format json`, or of `fuzz --format json`
    /// (and `merge`), whose shape it tells by its `failures` member.
    ///
    /// - Parameter profiles: For fuzz results, the profiles to list when the failures
    ///   carry no traces (results written before traces were added).
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode, profiles fallbackProfiles: [String] = []) throws(JSONDecodingError) {
        if try node.optionalMember("failures") != nil {
            let result = try FuzzResult(json: node)
            var profiles: [String] = []
            for failure in result.failures {
                for trace in failure.traces where !profiles.contains(trace.profile) { profiles.append(trace.profile) }
            }
            self.init(fuzz: result, profiles: profiles.isEmpty ? fallbackProfiles : profiles)
            return
        }
        try node.rejectUnknownMembers(["summary", "sessions", "errors"])
        let summary = try node.member("summary")
        let strings = { (key: String) throws(JSONDecodingError) -> [String] in
            try summary.member(key).elements().map { element throws(JSONDecodingError) in try element.string() }
        }
        // Fuzz results have one shape, read above; `report --format json` before 0.3.0
        // wrote them in this one too, without the campaign's sessions.
        if let run = try summary.optionalMember("run"), try run.string() != "replay" {
            throw run.mismatch(
                "\"replay\" (fuzz results are read as 'fuzz --format json' writes them; run the campaign again)")
        }
        let origin = Origin.replay
        let unicodeVersion = try summary.member("unicodeVersion").string()
        let icuVersion = try summary.member("icuVersion").string()
        let profiles = try strings("profiles")
        let sessionsNode = try node.member("sessions")
        let shard = try summary.optionalMember("shard").map { node throws(JSONDecodingError) in
            guard let shard = Shard(parsing: try node.string()) else { throw node.mismatch("a shard I/N") }
            return shard
        }
        var indices: [Int] = []
        let sessions = try sessionsNode.elements().map { element throws(JSONDecodingError) in
            guard shard != nil, case .object(var members) = element.value else {
                return try SessionReplay(json: element, family: origin.family)
            }
            // A shard's session replays carry their corpus position.
            guard let position = members.firstIndex(where: { $0.0 == "index" }) else {
                throw element.mismatch("an \"index\" in a shard's session replay")
            }
            indices.append(try JSONNode(members[position].1, path: element.path.appending(.key("index"))).count())
            members.remove(at: position)
            return try SessionReplay(json: JSONNode(.object(members), path: element.path), family: origin.family)
        }
        // The summary multiplies the events by the profiles: a file whose total cannot be
        // counted is refused where it stops being countable.
        var total = 0
        for (index, session) in sessions.enumerated() {
            let (sum, overflow) = total.addingReportingOverflow(session.eventCount)
            let (_, productOverflow) = sum.multipliedReportingOverflow(by: max(profiles.count, 1))
            guard !overflow, !productOverflow else {
                throw JSONNode(
                    .int(session.eventCount), path: sessionsNode.path.appending(.index(index)).appending(.key("events"))
                )
                .mismatch(
                    "events that, summed over the sessions and times the \(profiles.count) profiles, stay below \(Int.max)"
                )
            }
            total = sum
        }
        self.init(
            origin: origin, unicodeVersion: unicodeVersion, icuVersion: icuVersion, profiles: profiles,
            rules: try strings("rules"), sessions: sessions,
            errors: try node.member("errors").elements().map { element throws(JSONDecodingError) in
                try SessionError.decode(element)
            })
        self.shard = shard.map { ShardPart(shard: $0, indices: indices) }
        if let baseline = try summary.optionalMember("baseline") {
            self.baseline = try Baseline(json: baseline)
            for (id, hash) in try summary.member("sessionHashes").members() { sessionHashes[id] = try hash.string() }
        }
        // Results written before gates existed failed on every finding.
        if let failOn = try summary.optionalMember("failOn") {
            switch Gate.parse(try failOn.string(), family: origin.family) {
            case .success(let gate): self.gate = gate
            case .failure: throw failOn.mismatch("none, rule, platform, all or known kinds separated by commas")
            }
        }
    }
}

extension SessionReplay {
    /// `{"id", "rule", "events", "finalText", "discrepancies", "traces"?}`.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(sessionID)), ("rule", .string(rule)), ("events", .int(eventCount)),
            ("finalText", .object(finalText.map { ($0.profile, .string($0.value)) })),
            (
                "discrepancies",
                .array(
                    findings.map { finding in
                        var members: [(String, JSONValue)] = [
                            ("kind", .string(finding.kind.name)), ("event", finding.event.map(JSONValue.int) ?? .null),
                            ("profiles", .array(finding.profiles.map(JSONValue.string))), ("rule", .string(rule)),
                            ("message", .string(finding.message)),
                        ]
                        if let why = finding.why { members.append(("why", .string(why))) }
                        members.append(("details", finding.details))
                        return .object(members)
                    })
            ),
        ]
        if !omitted.isEmpty {
            members.append(
                (
                    "omittedDiscrepancies",
                    .array(
                        omitted.map {
                            .object([
                                ("kind", .string($0.kind.rawValue)),
                                ("profiles", .array($0.profiles.map(JSONValue.string))),
                                ("count", .int($0.count)),
                            ])
                        })
                ))
        }
        if !traces.isEmpty { members.append(("traces", .array(traces.map(\.json)))) }
        return .object(members)
    }

    /// Reads a session replay whose findings are of `family`.
    init(json node: JSONNode, family: FindingKind.Family) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "id", "rule", "events", "finalText", "discrepancies", "omittedDiscrepancies", "traces",
        ])
        let rule = try node.member("rule").string()
        self.init(
            sessionID: try node.member("id").string(), rule: rule, eventCount: try node.member("events").count(),
            finalText: try node.member("finalText").members().map { profile, text throws(JSONDecodingError) in
                ProfileValue(profile: profile, value: try text.text())
            },
            findings: try node.member("discrepancies").elements().map { element throws(JSONDecodingError) in
                try element.rejectUnknownMembers(["kind", "event", "profiles", "rule", "message", "why", "details"])
                let event = try element.member("event")
                return Finding(
                    kind: try element.member("kind").findingKind(family),
                    event: event.value.isNull ? nil : try event.count(),
                    profiles: try element.member("profiles").elements().map { profile throws(JSONDecodingError) in
                        try profile.string()
                    },
                    message: try element.member("message").string(),
                    details: try element.optionalMember("details")?.value ?? .null,
                    why: try element.optionalMember("why")?.string())
            },
            omitted: try node.optionalMember("omittedDiscrepancies")?.elements().map {
                element throws(JSONDecodingError) in
                try element.rejectUnknownMembers(["kind", "profiles", "count"])
                let kind = try element.member("kind")
                guard case .discrepancy(let counted) = try kind.findingKind(family) else {
                    throw kind.mismatch("a replay's discrepancy kind (only replays count findings they do not keep)")
                }
                return FindingCount(
                    kind: counted,
                    profiles: try element.member("profiles").elements().map { profile throws(JSONDecodingError) in
                        try profile.string()
                    }, count: try element.member("count").count())
            } ?? [],
            traces: try node.optionalMember("traces")?.elements().map { trace throws(JSONDecodingError) in
                try Trace(json: trace)
            } ?? [])
        // Event indices point into the session's events, as the replay wrote them.
        for (index, finding) in findings.enumerated() where finding.event.map({ $0 >= eventCount }) ?? false {
            throw try node.member("discrepancies").elements()[index].member("event").mismatch(
                "an event index below the session's \(eventCount) events")
        }
        for (index, trace) in traces.enumerated() {
            for (position, step) in trace.steps.enumerated() where step.eventIndex >= eventCount {
                throw try node.member("traces").elements()[index].member("steps").elements()[position].member("index")
                    .mismatch("an event index below the session's \(eventCount) events")
            }
        }
    }
}

extension SessionError {
    /// `{"file", "line"?, "event"?, "message"}`.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(file))]
        if let line { members.append(("line", .int(line))) }
        if let event { members.append(("event", .int(event))) }
        members.append(("message", .string(message)))
        return .object(members)
    }

    static func decode(_ node: JSONNode) throws(JSONDecodingError) -> SessionError {
        try node.rejectUnknownMembers(["file", "line", "event", "message"])
        return SessionError(
            file: try node.member("file").string(), line: try node.optionalMember("line")?.count(),
            event: try node.optionalMember("event")?.count(), message: try node.member("message").string())
    }
}
