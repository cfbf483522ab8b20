import Graphemes
import HarnessJSON

// A trace written as JSON and read back without loss, so that a report can be rendered
// from a results file (`ime-harness report`) exactly as from the replay itself. Members
// that hold nothing (no skipped range, no assignment, no broken spot) are left out.

extension Trace {
    /// `{"session", "profile", "rule", "steps": [...], "final": {field}}`.
    package var json: JSONValue {
        .object([
            ("session", .string(sessionID)), ("profile", .string(profile)), ("rule", .string(rule)),
            ("steps", .array(steps.map(\.json))), ("final", final.json),
        ])
    }

    /// Reads a trace written by ``json``.
    ///
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers(["session", "profile", "rule", "steps", "final"])
        self.init(
            sessionID: try node.member("session").string(), profile: try node.member("profile").string(),
            rule: try node.member("rule").string(),
            steps: try node.member("steps").elements().map { step throws(JSONDecodingError) in
                try TraceStep(json: step)
            },
            final: try FieldState.decode(node.member("final")))
    }
}

extension TraceStep {
    /// `{"index", "event", "before", "calls", "editing"?: [{"moment", "allowed", "seen"}],
    /// "note"?: {"kind": "not-editing" | "presented" | "without-delegate" | "absorbed" | "diverged", "recorded"?,
    /// "reason"?}, "ruleFault"?, "skipped"?, "rewrittenTo"?, "rewriteEndedComposition"?, "after",
    /// "brokenSpots"?}`.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("index", .int(eventIndex)), ("event", event.json), ("before", before.json),
            ("calls", .array(calls.map(\.json))),
        ]
        if !editing.isEmpty {
            members.append(
                (
                    "editing",
                    .array(
                        editing.map { record in
                            .object([
                                ("moment", .string(record.moment.rawValue)), ("allowed", .bool(record.allowed)),
                                ("seen", record.seen.json),
                            ])
                        })
                ))
        }
        if let note { members.append(("note", note.json)) }
        if let ruleFault { members.append(("ruleFault", .string(ruleFault))) }
        if let skipped { members.append(("skipped", skipped.json)) }
        if let rewrittenTo { members.append(("rewrittenTo", .string(rewrittenTo))) }
        if rewriteEndedComposition { members.append(("rewriteEndedComposition", .bool(true))) }
        members.append(("after", after.json))
        if !newBrokenSpots.isEmpty { members.append(("brokenSpots", .array(newBrokenSpots.map(\.json)))) }
        return .object(members)
    }

    init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "index", "event", "before", "calls", "editing", "note", "ruleFault", "skipped", "rewrittenTo",
            "rewriteEndedComposition", "after", "brokenSpots",
        ])
        self.init(
            eventIndex: try node.member("index").count(), event: try SessionEvent.decode(node.member("event")),
            before: try FieldState.decode(node.member("before")),
            calls: try node.member("calls").elements().map { call throws(JSONDecodingError) in
                try CallRecord(json: call)
            },
            skipped: try node.optionalMember("skipped").map { problem throws(JSONDecodingError) in
                try RangeProblem(json: problem)
            },
            rewrittenTo: try node.optionalMember("rewrittenTo")?.text(),
            rewriteEndedComposition: try node.optionalMember("rewriteEndedComposition")?.bool() ?? false,
            after: try FieldState.decode(node.member("after")),
            newBrokenSpots: try node.optionalMember("brokenSpots")?.elements().map { spot throws(JSONDecodingError) in
                try BrokenSpot.decode(spot)
            } ?? [],
            ruleFault: try node.optionalMember("ruleFault")?.string(),
            editing: try node.optionalMember("editing")?.elements().map { record throws(JSONDecodingError) in
                try record.rejectUnknownMembers(["moment", "allowed", "seen"])
                return EditingRecord(
                    moment: try record.member("moment").choice(EditingMoment.self),
                    allowed: try record.member("allowed").bool(), seen: try FieldState.decode(record.member("seen")))
            } ?? [],
            note: try node.optionalMember("note").map { note throws(JSONDecodingError) in try StepNote(json: note) })
    }
}

extension StepNote {
    var json: JSONValue {
        switch self {
        case .notEditing: .object([("kind", .string("not-editing"))])
        case .presented(let recorded): .object([("kind", .string("presented")), ("recorded", recorded.json)])
        case .absorbed: .object([("kind", .string("absorbed"))])
        case .withoutDelegate: .object([("kind", .string("without-delegate"))])
        case .diverged(let why): .object([("kind", .string("diverged")), ("reason", .string(why.description))])
        }
    }

    init(json node: JSONNode) throws(JSONDecodingError) {
        let kind = try node.member("kind")
        switch try kind.string() {
        case "not-editing": self = .notEditing
        case "presented": self = .presented(recorded: try SessionEvent.decode(node.member("recorded")))
        case "absorbed": self = .absorbed
        case "without-delegate": self = .withoutDelegate
        case "diverged": self = .diverged(Divergence(stringLiteral: try node.member("reason").string()))
        default: throw kind.mismatch("a note kind (not-editing, presented, without-delegate, absorbed, diverged)")
        }
    }
}

extension CallRecord {
    /// `{"call", "seen", "proposedText"?, "resultingText", "accepted", "rangeProblems"?, "compositionStep"?}`.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("call", call.json), ("seen", seen.json)]
        if let proposedText { members.append(("proposedText", .string(proposedText))) }
        members += [("resultingText", .string(resultingText)), ("accepted", .bool(accepted))]
        if !rangeProblems.isEmpty { members.append(("rangeProblems", .array(rangeProblems.map(\.json)))) }
        if isCompositionStep { members.append(("compositionStep", .bool(true))) }
        return .object(members)
    }

    init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "call", "seen", "proposedText", "resultingText", "accepted", "rangeProblems", "compositionStep",
        ])
        self.init(
            call: try DelegateCall.decode(node.member("call")),
            seen: try FieldState.decode(node.member("seen")),
            proposedText: try node.optionalMember("proposedText")?.text(),
            resultingText: try node.member("resultingText").text(), accepted: try node.member("accepted").bool(),
            rangeProblems: try node.optionalMember("rangeProblems")?.elements().map {
                problem throws(JSONDecodingError) in try RangeProblem(json: problem)
            } ?? [],
            isCompositionStep: try node.optionalMember("compositionStep")?.bool() ?? false)
    }
}

extension RangeProblem {
    /// `{"problem": "out-of-bounds", "range": [4, 2], "textLength": 5}`, or with
    /// `"splits-surrogate"` / `"splits-grapheme"` and the `"offset"` it splits.
    package var json: JSONValue {
        switch self {
        case .outOfBounds(let range, let length):
            .object([("problem", .string("out-of-bounds")), ("range", range.json), ("textLength", .int(length))])
        case .splitsSurrogate(let range, let offset):
            .object([("problem", .string("splits-surrogate")), ("range", range.json), ("offset", .int(offset))])
        case .splitsGrapheme(let range, let offset):
            .object([("problem", .string("splits-grapheme")), ("range", range.json), ("offset", .int(offset))])
        }
    }

    init(json node: JSONNode) throws(JSONDecodingError) {
        let problem = try node.member("problem")
        let range = try node.member("range").range()
        switch try problem.string() {
        case "out-of-bounds":
            try node.rejectUnknownMembers(["problem", "range", "textLength"])
            self = .outOfBounds(range, textLength: try node.member("textLength").count())
        case "splits-surrogate":
            try node.rejectUnknownMembers(["problem", "range", "offset"])
            self = .splitsSurrogate(range, offset: try node.member("offset").count())
        case "splits-grapheme":
            try node.rejectUnknownMembers(["problem", "range", "offset"])
            self = .splitsGrapheme(range, offset: try node.member("offset").count())
        default:
            throw problem.mismatch("\"out-of-bounds\", \"splits-surrogate\" or \"splits-grapheme\"")
        }
    }
}

extension BrokenSpot {
    /// `{"spot": "lone-surrogate", "offset": 3}` or `{"spot": "orphan-joiner", "cluster": [2, 3]}`.
    package var json: JSONValue {
        switch self {
        case .loneSurrogate(let offset): .object([("spot", .string(Self.names[0])), ("offset", .int(offset))])
        case .orphanJoiner(let cluster): .object([("spot", .string(Self.names[1])), ("cluster", cluster.json)])
        case .loneRegionalIndicator(let cluster):
            .object([("spot", .string(Self.names[2])), ("cluster", cluster.json)])
        case .loneModifier(let cluster): .object([("spot", .string(Self.names[3])), ("cluster", cluster.json)])
        case .detachedMark(let cluster): .object([("spot", .string(Self.names[4])), ("cluster", cluster.json)])
        case .incompleteTagSequence(let cluster):
            .object([("spot", .string(Self.names[5])), ("cluster", cluster.json)])
        }
    }

    /// The `spot` names, in the order of the cases.
    private static let names = [
        "lone-surrogate", "orphan-joiner", "lone-regional-indicator", "lone-modifier", "detached-mark",
        "incomplete-tag-sequence",
    ]

    static func decode(_ node: JSONNode) throws(JSONDecodingError) -> BrokenSpot {
        let spot = try node.member("spot")
        let name = try spot.string()
        if name == names[0] {
            try node.rejectUnknownMembers(["spot", "offset"])
            return .loneSurrogate(offset: try node.member("offset").count())
        }
        try node.rejectUnknownMembers(["spot", "cluster"])
        let cluster = try node.member("cluster").range()
        switch names.firstIndex(of: name) {
        case 1: return .orphanJoiner(cluster: cluster)
        case 2: return .loneRegionalIndicator(cluster: cluster)
        case 3: return .loneModifier(cluster: cluster)
        case 4: return .detachedMark(cluster: cluster)
        case 5: return .incompleteTagSequence(cluster: cluster)
        default: throw spot.mismatch(names.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}
