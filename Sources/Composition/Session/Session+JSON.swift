import Graphemes
import HarnessJSON

extension Session {
    /// The format identifier of session documents.
    package static let format = "ime-session/1"

    /// Reads and validates a session document.
    ///
    /// Beyond the shape of each member, the events are run through the field model (every
    /// change accepted) so that a range an event carries is checked against the text as it
    /// is at that event.
    ///
    /// - Parameter streamedEvents: the events, when they were decoded one by one as the
    ///   document was read (``SessionFiles/decode(_:file:line:)``), its `events` then empty.
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode, streamedEvents: [SessionEvent]? = nil) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "format", "id", "ime", "locale", "keyboard", "secureTextEntry", "source", "initial", "events", "observed",
            "expect",
        ])
        try node.requireMember("format", is: Self.format)
        let idNode = try node.member("id")
        id = try idNode.string()
        guard !id.isEmpty else { throw idNode.mismatch("a non-empty id") }
        ime = try node.member("ime").choice(InputMethodFamily.self)
        locale = try node.optionalMember("locale")?.string()
        let keyboardNode = try node.optionalMember("keyboard")
        let keyboard = try keyboardNode.map { [locale] node throws(JSONDecodingError) in
            try KeyboardKeys.decode(node, locale: locale)
        }
        self.keyboard = keyboard
        secureTextEntry = try node.optionalMember("secureTextEntry")?.bool() ?? false
        let sourceNode = try node.member("source")
        try sourceNode.rejectUnknownMembers([
            "kind", "detail", "engine", "engineVersion", "schema", "keys", "counterexample",
        ])
        let kind = try sourceNode.member("kind").choice(Source.Kind.self)
        var recording: EngineRecording?
        if kind == .engine {
            recording = EngineRecording(
                engine: try sourceNode.member("engine").string(),
                engineVersion: try sourceNode.member("engineVersion").string(),
                schema: try sourceNode.member("schema").string(), keys: try sourceNode.member("keys").string())
        } else {
            for member in ["engine", "engineVersion", "schema", "keys"] {
                if let stray = try sourceNode.optionalMember(member) {
                    throw stray.mismatch("no \"\(member)\" unless the source kind is \"engine\"")
                }
            }
        }
        source = Source(kind: kind, detail: try sourceNode.member("detail").string(), recording: recording)
        if let node = try sourceNode.optionalMember("counterexample") {
            guard kind == .fuzz else { throw node.mismatch("no \"counterexample\" unless the source kind is \"fuzz\"") }
            source.counterexample = try Counterexample(json: node)
        }
        initial = try FieldState.decode(try node.member("initial"))
        let eventsNode = try node.member("events")
        guard case .array(let eventValues) = eventsNode.value else { throw eventsNode.mismatch("an array") }
        var events: [SessionEvent] = []
        var field = TextField(initial)
        let count = streamedEvents?.count ?? eventValues.count
        events.reserveCapacity(count)
        for index in 0..<count {
            // A streamed event's node is made again only to check it (and to name it in an error).
            let event: SessionEvent
            let eventNode: () -> JSONNode
            if let streamedEvents {
                event = streamedEvents[index]
                eventNode = { JSONNode(event.json, path: eventsNode.path.appending(.index(index))) }
            } else {
                let made = JSONNode(eventValues[index], path: eventsNode.path.appending(.index(index)))
                event = try SessionEvent.decode(made)
                eventNode = { made }
            }
            if event.rangeIssue(textLength: field.text.length) != nil {
                try Self.check(event, node: eventNode(), against: field)
            }
            if let keyboard, let typed = event.typedText, !keyboard.canType(typed, secure: secureTextEntry) {
                throw try eventNode().member("text").mismatch(
                    "text the \(keyboard.keyboard.type.rawValue) keyboard can type (\(keyboard.description));"
                        + " a paste, which ignores the keyboard, is a \"replace\"")
            }
            events.append(event)
            DelegateModel.neutral.apply(.event(event), to: &field)
        }
        self.events = events
        var observed: [String: [DelegateCall?]] = [:]
        if let observedNode = try node.optionalMember("observed") {
            for (profile, callsNode) in try observedNode.members() {
                let calls = try callsNode.elements()
                guard calls.count == events.count else {
                    throw callsNode.mismatch("one entry per event (\(events.count), null where none was recorded)")
                }
                observed[profile] = try calls.map { call throws(JSONDecodingError) in
                    call.value.isNull ? nil : try DelegateCall.decode(call)
                }
            }
        }
        self.observed = observed
        if let expectNode = try node.optionalMember("expect") {
            try expectNode.rejectUnknownMembers(["text"])
            expectedText = try expectNode.optionalMember("text")?.text()
        } else {
            expectedText = nil
        }
    }

    /// Checks an event's ranges against the field it applies to.
    private static func check(_ event: SessionEvent, node: JSONNode, against field: TextField) throws(JSONDecodingError)
    {
        let length = field.text.length
        switch event.rangeIssue(textLength: length) {
        case nil: return
        case .outside(let index):
            let rangeNode =
                if case .replaceRanges = event { try node.member("ranges").elements()[index] } else {
                    try node.member("range")
                }
            throw rangeNode.mismatch("a range within the text, which has length \(length) at this event")
        case .overlapping:
            throw try node.member("ranges").mismatch("ranges that do not overlap")
        }
    }

    /// The index of the first event whose ranges do not fit the field it applies to, when
    /// the events are applied from `initial` with the field's own semantics; `nil` when
    /// every event fits (what decoding a session checks).
    package static func firstInvalidEvent(_ events: [SessionEvent], from initial: FieldState) -> Int? {
        var field = TextField(initial)
        for (index, event) in events.enumerated() {
            if event.rangeIssue(textLength: field.text.length) != nil { return index }
            DelegateModel.neutral.apply(.event(event), to: &field)
        }
        return nil
    }
}

extension KeyboardKeys {
    /// Reads `{"type", "region"}` and resolves it.
    static func decode(_ node: JSONNode, locale: String?) throws(JSONDecodingError) -> KeyboardKeys {
        try node.rejectUnknownMembers(["type", "region"])
        let type = try node.member("type").choice(KeyboardType.self)
        let regionNode = try node.optionalMember("region")
        let region = try regionNode?.string()
        do {
            return try KeyboardKeys(Keyboard(type, region: region), locale: locale)
        } catch {
            let what = "a BCP 47 region format ICU has data for (the \(type.rawValue) keyboard's digits follow it)"
            if let regionNode { throw regionNode.mismatch(what) }
            throw node.mismatch("a \"region\" member, or a \"locale\" for the session: " + what)
        }
    }

    /// `{"type", "region"}`, the shape ``decode(_:locale:)`` reads.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(keyboard.type.rawValue))]
        if let region = keyboard.region { members.append(("region", .string(region))) }
        return .object(members)
    }
}

extension FieldState {
    /// Reads `{"text", "selection", "markedRange"}` (a session's `initial`, a trace's fields),
    /// checking that the ranges lie within the text and the selection within the marked text.
    static func decode(_ node: JSONNode) throws(JSONDecodingError) -> FieldState {
        try node.rejectUnknownMembers(["text", "selection", "markedRange"])
        let text = try node.member("text").text()
        let selectionNode = try node.optionalMember("selection")
        let selection = try selectionNode?.range() ?? .caret(at: text.length)
        if let selectionNode, !selection.fits(in: text.length) {
            throw selectionNode.mismatch("a selection within the text of length \(text.length)")
        }
        var marked: UTF16Range?
        if let markedNode = try node.optionalMember("markedRange") {
            let range = try markedNode.range()
            guard range.fits(in: text.length) else {
                throw markedNode.mismatch("a range within the text of length \(text.length)")
            }
            guard selection.location >= range.location, selection.end <= range.end else {
                throw markedNode.mismatch("a marked range that contains the selection \(selection)")
            }
            marked = range
        }
        return FieldState(text: text, selection: selection, markedRange: marked)
    }

    /// `{"text", "selection", "markedRange"}`, the shape ``decode(_:)`` reads.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("text", .string(text)), ("selection", selection.json)]
        if let markedRange { members.append(("markedRange", markedRange.json)) }
        return .object(members)
    }
}

extension SessionEvent {
    /// Reads one event as a session file writes it (its ranges are checked against the
    /// field only by ``Session/init(json:)``).
    package static func decode(_ node: JSONNode) throws(JSONDecodingError) -> SessionEvent {
        let op = try node.member("op").choice(SessionEvent.Op.self)
        try node.rejectUnknownMembers(op.members)
        switch op {
        case .setMarkedText:
            let text = try node.member("text").text()
            let selectedNode = try node.member("selectedRange")
            let selected = try selectedNode.range()
            guard selected.end <= text.length else {
                throw selectedNode.mismatch("a range within the marked text of length \(text.length)")
            }
            return .setMarkedText(text, selectedRange: selected)
        case .unmarkText: return .unmarkText
        case .insertText: return .insertText(try node.member("text").text())
        case .deleteBackward: return .deleteBackward
        case .replace: return .replace(try node.member("range").range(), try node.member("text").text())
        case .replaceRanges:
            let rangesNode = try node.member("ranges")
            let ranges = try rangesNode.elements().map { element throws(JSONDecodingError) in try element.range() }
            guard !ranges.isEmpty else { throw rangesNode.mismatch("at least one range") }
            return .replaceRanges(ranges, try node.member("text").text())
        case .setSelection: return .setSelection(try node.member("range").range())
        case .beginEditing: return .beginEditing
        case .endEditing: return .endEditing
        case .clearButton: return .clearButton
        case .returnKey: return .returnKey
        case .setText: return .setText(try node.member("text").text())
        case .undo: return .undo
        case .redo: return .redo
        }
    }
}

extension DelegateCall {
    /// Reads `{"range", "text"}` or `{"ranges", "text"}`.
    static func decode(_ node: JSONNode) throws(JSONDecodingError) -> DelegateCall {
        if try node.optionalMember("ranges") != nil {
            try node.rejectUnknownMembers(["ranges", "text"])
            let rangesNode = try node.member("ranges")
            let ranges = try rangesNode.elements().map { element throws(JSONDecodingError) in try element.range() }
            // Like a `replaceRanges` event: a multi-range call always names at least one range.
            guard !ranges.isEmpty else { throw rangesNode.mismatch("at least one range") }
            return .multi(ranges: ranges, replacement: try node.member("text").text())
        }
        try node.rejectUnknownMembers(["range", "text"])
        return .single(range: try node.member("range").range(), replacement: try node.member("text").text())
    }
}

extension SessionEvent {
    /// What is wrong with an event's ranges on a text of some length.
    enum RangeIssue: Equatable {
        /// The range at this index (0 for a one-range event) ends past the text.
        case outside(index: Int)
        /// Two ranges of a multi-range edit overlap.
        case overlapping
    }

    /// The first thing wrong with the event's ranges on a text of `length` units.
    func rangeIssue(textLength length: Int) -> RangeIssue? {
        switch self {
        case .replace(let range, _), .setSelection(let range):
            return range.fits(in: length) ? nil : .outside(index: 0)
        case .replaceRanges(let ranges, _):
            if let index = ranges.firstIndex(where: { !$0.fits(in: length) }) { return .outside(index: index) }
            return ranges.overlaps ? .overlapping : nil
        default: return nil
        }
    }
}

extension Session.Counterexample {
    /// Reads `{"property", "rule", "seed", "iteration", "originalEvents", "profile"}`, the
    /// seed and iteration together or neither.
    init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers(["property", "rule", "seed", "iteration", "originalEvents", "profile"])
        property = try node.member("property").string()
        rule = try node.member("rule").string()
        seed = try node.optionalMember("seed")?.unsignedInteger()
        let iterationNode = try node.optionalMember("iteration")
        iteration = try iterationNode?.int()
        if let iterationNode, let iteration, iteration < 0 { throw iterationNode.mismatch("an iteration of 0 or more") }
        if (seed == nil) != (iteration == nil) {
            throw node.mismatch("a \"seed\" and an \"iteration\" together, or neither")
        }
        let eventsNode = try node.member("originalEvents")
        originalEvents = try eventsNode.int()
        guard originalEvents >= 0 else { throw eventsNode.mismatch("a count of 0 or more") }
        profile = try node.member("profile").string()
    }

    /// The member a session's source holds it as.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("property", .string(property)), ("rule", .string(rule))]
        if let seed, let iteration { members += [("seed", .unsignedInteger(seed)), ("iteration", .int(iteration))] }
        members += [("originalEvents", .int(originalEvents)), ("profile", .string(profile))]
        return .object(members)
    }
}
