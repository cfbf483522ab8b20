import Graphemes
import HarnessJSON

extension Session {
    /// The session as an `ime-session/1` document (members in the documented order).
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(Self.format)), ("id", .string(id)), ("ime", .string(ime.rawValue)),
        ]
        if let locale { members.append(("locale", .string(locale))) }
        if let keyboard { members.append(("keyboard", keyboard.json)) }
        if secureTextEntry { members.append(("secureTextEntry", .bool(true))) }
        var sourceMembers: [(String, JSONValue)] = [
            ("kind", .string(source.kind.rawValue)), ("detail", .string(source.detail)),
        ]
        if let recording = source.recording {
            sourceMembers += [
                ("engine", .string(recording.engine)), ("engineVersion", .string(recording.engineVersion)),
                ("schema", .string(recording.schema)), ("keys", .string(recording.keys)),
            ]
        }
        if let counterexample = source.counterexample { sourceMembers.append(("counterexample", counterexample.json)) }
        members.append(("source", .object(sourceMembers)))
        members.append(("initial", initial.json))
        members.append(("events", .array(events.map(\.json))))
        if !observed.isEmpty {
            members.append(
                (
                    "observed",
                    .object(
                        observed.keys.sorted().map { profile in
                            (profile, .array(observed[profile, default: []].map { $0?.json ?? .null }))
                        })
                ))
        }
        if let expectedText { members.append(("expect", .object([("text", .string(expectedText))]))) }
        return .object(members)
    }
}

extension SessionEvent {
    /// The event as a session file writes it.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("op", .string(op.rawValue))]
        switch self {
        case .setMarkedText(let text, let selected):
            members += [("text", .string(text)), ("selectedRange", selected.json)]
        case .unmarkText, .deleteBackward, .beginEditing, .endEditing, .clearButton, .returnKey, .undo, .redo: break
        case .insertText(let text), .setText(let text): members += [("text", .string(text))]
        case .replace(let range, let text): members += [("range", range.json), ("text", .string(text))]
        case .replaceRanges(let ranges, let text):
            members += [("ranges", .array(ranges.map(\.json))), ("text", .string(text))]
        case .setSelection(let range): members += [("range", range.json)]
        }
        return .object(members)
    }
}

extension DelegateCall {
    /// `{"range": [0, 2], "text": "王"}` or `{"ranges": [[2, 0]], "text": "王"}`: a session's
    /// observed calls, a trace's calls and a report's evidence alike.
    package var json: JSONValue {
        switch self {
        case .single(let range, let replacement): .object([("range", range.json), ("text", .string(replacement))])
        case .multi(let ranges, let replacement):
            .object([("ranges", .array(ranges.map(\.json))), ("text", .string(replacement))])
        }
    }
}

extension Session {
    /// The session as an `ime-session/1` document, ready to save as a `.json` file.
    public var document: String { json.rendered() + "\n" }
}

extension FieldState {
    /// The field after `event`, with UIKit's own semantics and no delegate in the way
    /// (a commit replaces the marked text, `setMarkedText("")` removes it): what a recorder
    /// follows while it turns an input method's states into events.
    public func applying(_ event: SessionEvent) -> FieldState {
        var field = TextField(self)
        DelegateModel.neutral.apply(.event(event), to: &field)
        return field.state
    }
}
