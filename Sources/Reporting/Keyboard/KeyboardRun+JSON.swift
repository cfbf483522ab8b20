import Composition
import HarnessJSON
import KeyboardOverlap

extension KeyboardRun {
    /// The results as JSON, which `ime-harness report` reads back and renders exactly as
    /// the run would have. A fuzz campaign's are the campaign's own
    /// (`ime-keyboard-fuzz/1`, ``KeyboardFuzzResult/json``), what `merge` combines; a
    /// replay's (`ime-keyboard-results/1`, `Corpora/ime-keyboard-results.schema.json`) hold
    /// every replay with what its report draws:
    ///
    /// ```
    /// {"format", "verdict", "failOn"? (when not all), "sessions", "profiles",
    ///  "handlers": [{"name", "summary", "origin"}],
    ///  "errors": [{"file", "line"?, "event"?, "message"}], "skipped",
    ///  "replays": [{"session", "profile", "handler", "findings", "steps", "omittedSteps"?}]}
    /// ```
    package var json: JSONValue {
        if let fuzz { return fuzz.json }
        var members: [(String, JSONValue)] = [
            ("format", .string(Self.format)), ("verdict", .string(exitCode == 0 ? "pass" : "fail")),
        ]
        if gate != .all { members.append(("failOn", .string(gate.name))) }
        return .object(
            members + [
                ("sessions", .int(sessionCount)), ("profiles", .array(profiles.map(JSONValue.string))),
                (
                    "handlers",
                    .array(
                        handlers.map { handler in
                            .object([
                                ("name", .string(handler.name)), ("summary", .string(handler.summary)),
                                ("origin", .string(handler.origin)),
                            ])
                        })
                ),
                ("errors", .array(errors.map(\.json))), ("skipped", .array(skipped.map(JSONValue.string))),
                ("replays", .array(replays.map(Self.replayJSON))),
            ])
    }

    /// The format of a keyboard replay's results.
    package static let format = "ime-keyboard-results/1"

    static func replayJSON(_ replay: KeyboardReplay) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("session", .string(replay.sessionID)), ("profile", .string(replay.profile)),
            ("handler", .string(replay.handler)), ("findings", .array(replay.findings.map(Self.findingJSON))),
            ("steps", .array(replay.steps.map(Self.stepJSON))),
        ]
        if replay.omittedSteps > 0 { members.append(("omittedSteps", .int(replay.omittedSteps))) }
        return .object(members)
    }

    static func findingJSON(_ finding: KeyboardFinding) -> JSONValue {
        .object([
            ("invariant", .string(finding.invariant.rawValue)), ("event", .int(finding.event)),
            ("message", .string(finding.message)),
        ])
    }

    static func stepJSON(_ step: KeyboardStep) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("event", .int(step.event)), ("op", .string(step.brief)),
            (
                "notifications",
                .array(
                    step.deliveries.map { delivery in
                        var members: [(String, JSONValue)]
                        if let notification = delivery.notification {
                            members = [
                                ("name", .string(notification.name.rawValue)), ("begin", notification.begin.json),
                                ("end", notification.end.json), ("isLocal", .bool(notification.isLocal)),
                            ]
                        } else {
                            members = [
                                ("name", .string("textDidBeginEditing")), ("field", .string(delivery.field ?? "")),
                            ]
                        }
                        return .object(members + [("writes", .array(delivery.writes.map { .string($0) }))])
                    })
            ),
        ]
        if let snapshot = step.snapshot {
            var picture: [(String, JSONValue)] = [
                ("screen", snapshot.screen.json), ("safeArea", snapshot.safeArea.json),
                ("window", snapshot.window.json), ("systemWindow", snapshot.systemWindow.json),
            ]
            if let keyboard = snapshot.keyboard {
                picture.append(("keyboard", keyboard.json))
                picture.append(("keyboardDocked", .bool(snapshot.keyboardDocked)))
            }
            if let field = snapshot.field { picture.append(("field", field.json)) }
            if let visible = snapshot.visible { picture.append(("visible", visible.json)) }
            members.append(("after", .object(picture)))
        }
        if !step.findings.isEmpty { members.append(("findings", .array(step.findings.map(Self.findingJSON)))) }
        return .object(members)
    }

    /// Reads the results of a keyboard replay (`ime-keyboard-results/1`) as ``json``
    /// wrote them. (A fuzz campaign's are read as ``KeyboardFuzzResult`` and replayed
    /// again: their counterexamples are sessions.)
    ///
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "format", "verdict", "failOn", "sessions", "profiles", "handlers", "errors", "skipped", "replays",
        ])
        try node.requireMember("format", is: Self.format)
        let strings = { (key: String) throws(JSONDecodingError) -> [String] in
            try node.member(key).elements().map { element throws(JSONDecodingError) in try element.string() }
        }
        let profiles = try strings("profiles")
        let handlers = try node.member("handlers").elements().map { element throws(JSONDecodingError) in
            try element.rejectUnknownMembers(["name", "summary", "origin"])
            return HandlerDescription(
                name: try element.member("name").string(), summary: try element.member("summary").string(),
                origin: try element.member("origin").string())
        }
        let replays = try node.member("replays").elements().map { element throws(JSONDecodingError) in
            try Self.replay(element, profiles: profiles, handlers: handlers.map(\.name))
        }
        self.init(
            profiles: profiles, handlers: handlers, sessionCount: try node.member("sessions").count(),
            replays: replays,
            errors: try node.member("errors").elements().map { element throws(JSONDecodingError) in
                try SessionError.decode(element)
            }, skipped: try strings("skipped"))
        if let failOn = try node.optionalMember("failOn") {
            switch Gate.parse(try failOn.string(), family: .keyboard) {
            case .success(let gate): self.gate = gate
            case .failure: throw failOn.mismatch("none, rule, platform, all or invariants separated by commas")
            }
        }
        // The verdict is derived; a file that states another was edited by hand.
        let verdict = try node.member("verdict")
        let derived = exitCode == 0 ? "pass" : "fail"
        guard try verdict.string() == derived else { throw verdict.mismatch("\"\(derived)\", as its replays say") }
    }

    private static func replay(_ node: JSONNode, profiles: [String], handlers: [String]) throws(JSONDecodingError)
        -> KeyboardReplay
    {
        try node.rejectUnknownMembers(["session", "profile", "handler", "findings", "steps", "omittedSteps"])
        let profile = try node.member("profile")
        guard profiles.contains(try profile.string()) else { throw profile.mismatch("one of the run's profiles") }
        let handler = try node.member("handler")
        guard handlers.contains(try handler.string()) else { throw handler.mismatch("one of the run's handlers") }
        return KeyboardReplay(
            sessionID: try node.member("session").string(), profile: try profile.string(),
            handler: try handler.string(),
            steps: try node.member("steps").elements().map { element throws(JSONDecodingError) in
                try Self.step(element)
            },
            findings: try node.member("findings").elements().map { element throws(JSONDecodingError) in
                try Self.finding(element)
            }, omittedSteps: try node.optionalMember("omittedSteps")?.count() ?? 0)
    }

    private static func finding(_ node: JSONNode) throws(JSONDecodingError) -> KeyboardFinding {
        try node.rejectUnknownMembers(["invariant", "event", "message"])
        return KeyboardFinding(
            invariant: try node.member("invariant").choice(KeyboardInvariant.self),
            event: try node.member("event").count(), message: try node.member("message").string())
    }

    private static func step(_ node: JSONNode) throws(JSONDecodingError) -> KeyboardStep {
        try node.rejectUnknownMembers(["event", "op", "notifications", "after", "findings"])
        let deliveries = try node.member("notifications").elements().map { element throws(JSONDecodingError) in
            let name = try element.member("name")
            let writes = try element.member("writes").elements().map { write throws(JSONDecodingError) in
                try write.string()
            }
            if try name.string() == "textDidBeginEditing" {
                try element.rejectUnknownMembers(["name", "field", "writes"])
                return KeyboardStep.Delivery(
                    notification: nil, field: try element.member("field").string(), writes: writes)
            }
            try element.rejectUnknownMembers(["name", "begin", "end", "isLocal", "writes"])
            // Duration and curve are not written: nothing a report shows depends on them.
            let notification = KeyboardNotification(
                name: try name.choice(KeyboardNotificationName.self), begin: try Rect.decode(element.member("begin")),
                end: try Rect.decode(element.member("end")), duration: 0, curve: 0,
                isLocal: try element.member("isLocal").bool())
            return KeyboardStep.Delivery(notification: notification, field: nil, writes: writes)
        }
        let snapshot = try node.optionalMember("after").map { after throws(JSONDecodingError) in
            try after.rejectUnknownMembers([
                "screen", "safeArea", "window", "systemWindow", "keyboard", "keyboardDocked", "field", "visible",
            ])
            let rect = { (key: String) throws(JSONDecodingError) -> Rect? in
                try after.optionalMember(key).map { node throws(JSONDecodingError) in try Rect.decode(node) }
            }
            // What is not written (the field's id, the handler's adjustment) no report shows.
            return KeyboardSnapshot(
                screen: try Rect.decode(after.member("screen")), safeArea: try Rect.decode(after.member("safeArea")),
                systemWindow: try Rect.decode(after.member("systemWindow")),
                window: try Rect.decode(after.member("window")), keyboard: try rect("keyboard"),
                keyboardDocked: try after.optionalMember("keyboardDocked")?.bool() ?? false, field: try rect("field"),
                fieldID: nil, visible: try rect("visible"), adjustment: Scene.Adjustment())
        }
        return KeyboardStep(
            event: try node.member("event").count(), brief: try node.member("op").string(), deliveries: deliveries,
            snapshot: snapshot,
            findings: try node.optionalMember("findings")?.elements().map { element throws(JSONDecodingError) in
                try Self.finding(element)
            } ?? [])
    }
}
