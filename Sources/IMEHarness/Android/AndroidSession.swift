import Composition
import Foundation
import Graphemes
import HarnessJSON

/// A session as an Android keyboard sends it: `InputConnection` calls from an initial field.
///
/// Recorded sessions (`ime-session/1`, written at UIKit's level) are presented as Gboard
/// and Samsung Keyboard send the same engine output (``init(presenting:)``); Android's own
/// sessions, Latin words composed as Gboard composes them, are `ime-android-session/1`
/// files (`Corpora/android-sessions/`).
public struct AndroidSession: Hashable, Sendable {
    /// The session's identifier.
    public var id: String
    /// What it shows.
    public var description: String
    /// The field before the first call.
    public var initial: FieldState
    /// The calls.
    public var calls: [InputConnectionCall]

    /// A session.
    public init(
        id: String, description: String = "", initial: FieldState = FieldState(text: .empty),
        calls: [InputConnectionCall]
    ) {
        self.id = id
        self.description = description
        self.initial = initial
        self.calls = calls
    }

    /// A recorded session as an Android keyboard sends it:
    ///
    /// - marked text is composing text (`setComposingText`), the commit `commitText` over
    ///   it, and a composition committed as it stands (`unmarkText`) a `commitText` of the
    ///   composing text (the profiles' `commit` fact);
    /// - Backspace outside a composition is the keyboard's Backspace (``InputConnectionCall/backspace``);
    /// - a keyboard's replacement of a range (autocorrect, a suggestion over a word) is
    ///   `setComposingRegion` over it and `commitText`, in a batch edit (`assumed`, as
    ///   AOSP's LatinIME commits a correction); a multi-range edit, each range from the last;
    /// - a caret move is `setSelection`, editing's end a `finishComposingText`; the app's
    ///   `setText` stays the app's. Undo, redo and the clear button have no `InputConnection`
    ///   call and are left out.
    public init(presenting session: Session) {
        var calls: [InputConnectionCall] = []
        var composing: UTF16Text?
        for event in session.events {
            switch event {
            case .setMarkedText(let text, _):
                calls.append(.setComposingText(text))
                composing = text.isEmpty ? nil : text
            case .insertText(let text):
                calls.append(.commitText(text))
                composing = nil
            case .unmarkText:
                if let text = composing { calls.append(.commitText(text)) }
                composing = nil
            case .deleteBackward:
                if let text = composing, let last = text.clusters.last {
                    let shorter = text[UTF16Range(0..<last.range.location)]
                    calls.append(.setComposingText(shorter))
                    composing = shorter.isEmpty ? nil : shorter
                } else {
                    calls.append(.backspace)
                }
            case .replace(let range, let text):
                calls += [
                    .beginBatchEdit, .setComposingRegion(start: range.location, end: range.end), .commitText(text),
                    .endBatchEdit,
                ]
                composing = nil
            case .replaceRanges(let ranges, let text):
                calls.append(.beginBatchEdit)
                let target = ranges.first
                for range in ranges.sorted(by: { $0.location > $1.location }) {
                    calls += [
                        .setComposingRegion(start: range.location, end: range.end),
                        .commitText(range == target ? text : .empty),
                    ]
                }
                calls.append(.endBatchEdit)
                composing = nil
            case .setSelection(let range):
                calls.append(.setSelection(start: range.location, end: range.end))
                composing = nil
            case .setText(let text):
                calls.append(.setText(text))
                composing = nil
            case .endEditing, .returnKey:
                if composing != nil { calls.append(.finishComposingText) }
                composing = nil
            case .beginEditing, .clearButton, .undo, .redo:
                break
            }
        }
        self.init(
            id: session.id, description: "as an Android keyboard sends it", initial: session.initial, calls: calls)
    }

    /// The Android sessions in an `ime-android-session/1` file.
    ///
    /// - Throws: ``AndroidProfileError`` naming the file and the JSON path of what is wrong.
    public static func load(file path: String) throws -> [AndroidSession] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AndroidProfileError(message: "\(path): cannot be read")
        }
        return try decode(Array(data), file: path)
    }

    /// The Android sessions of the `ime-android-session/1` document `bytes`; errors name
    /// `file` and the JSON path.
    package static func decode(_ bytes: [UInt8], file path: String) throws -> [AndroidSession] {
        do {
            let root = JSONNode(try JSONParser.parse(bytes))
            try root.rejectUnknownMembers(["format", "sessions"])
            try root.requireMember("format", is: "ime-android-session/1")
            return try root.member("sessions").elements().map { node throws(JSONDecodingError) in
                try node.rejectUnknownMembers(["id", "description", "initial", "calls"])
                let initialNode = try node.member("initial")
                let initial: FieldState
                do {
                    initial = try FieldState(notation: try initialNode.string())
                } catch {
                    throw initialNode.mismatch("a field in notation (\(error))")
                }
                return AndroidSession(
                    id: try node.member("id").string(), description: try node.member("description").string(),
                    initial: initial, calls: try node.member("calls").elements().map(Self.call))
            }
        } catch {
            throw AndroidProfileError(message: "\(path): \(error)")
        }
    }

    /// One call: `["setComposingText", "hel"]`, `["commitText", "hello ", 1]`,
    /// `["deleteSurroundingText", 1, 0]`, `["setComposingRegion", 0, 5]`, `["backspace"]`, ….
    static func call(_ node: JSONNode) throws(JSONDecodingError) -> InputConnectionCall {
        let parts = try node.elements()
        guard let name = parts.first else { throw node.mismatch("a call: [name, arguments…]") }
        func argument(_ index: Int) throws(JSONDecodingError) -> JSONNode {
            guard parts.indices.contains(index) else {
                throw node.mismatch("argument \(index) of \(try name.string())")
            }
            return parts[index]
        }
        func count(_ index: Int) throws(JSONDecodingError) -> Int {
            let value = try argument(index).int()
            guard (0...1_000_000).contains(value) else { throw parts[index].mismatch("an offset from 0 to 1000000") }
            return value
        }
        func cursor() throws(JSONDecodingError) -> Int {
            guard parts.count > 2 else { return 1 }
            let value = try parts[2].int()
            guard (-1_000_000...1_000_000).contains(value) else { throw parts[2].mismatch("a cursor position") }
            return value
        }
        switch try name.string() {
        case "setComposingText": return .setComposingText(try argument(1).text(), newCursorPosition: try cursor())
        case "commitText": return .commitText(try argument(1).text(), newCursorPosition: try cursor())
        case "finishComposingText": return .finishComposingText
        case "deleteSurroundingText": return .deleteSurroundingText(before: try count(1), after: try count(2))
        case "setComposingRegion": return .setComposingRegion(start: try count(1), end: try count(2))
        case "setSelection": return .setSelection(start: try count(1), end: try count(2))
        case "beginBatchEdit": return .beginBatchEdit
        case "endBatchEdit": return .endBatchEdit
        case "backspace": return .backspace
        case "setText": return .setText(try argument(1).text())
        default:
            throw name.mismatch(
                "an InputConnection call (setComposingText, commitText, finishComposingText, deleteSurroundingText, "
                    + "setComposingRegion, setSelection, beginBatchEdit, endBatchEdit, backspace, setText)")
        }
    }

    /// The shipped Android sessions (`Corpora/android-sessions/*.json`, by file name): Latin
    /// words composed as Gboard composes them, Backspace into committed words, Korean at a
    /// limit.
    public static func bundled() throws -> [AndroidSession] {
        let directory = BundledData.directory + "/android-sessions"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
        return try names.sorted().flatMap { try load(file: directory + "/" + $0) }
    }

    /// Every session an Android replay of the corpus runs: the shipped Android sessions,
    /// then every recorded session of `corpus` presented as an Android keyboard sends it.
    public static func corpus(_ corpus: Corpus = .bundled) throws -> [AndroidSession] {
        try bundled() + corpus.load().map(AndroidSession.init(presenting:))
    }
}
