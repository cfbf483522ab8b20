import Foundation
import IMEHarness

/// Records key scripts from real engines as `ime-session/1` sessions.
///
/// Each key goes to the engine, and what the engine shows and commits becomes the
/// events a UIKit text field receives from an input method:
///
/// - a commit: `unmarkText` when it equals the marked text and nothing stays marked,
///   else `insertText` (over the marked text, if any);
/// - a preedit or selection that changed: `setMarkedText(preedit, selectedRange)`, with
///   an empty preedit when a composition was cancelled;
/// - a key the engine declined: what the field does with it: `deleteBackward` for
///   BackSpace, `insertText` for a character or space, `setSelection` one grapheme
///   cluster over for Left and Right (to either end for Home and End), a forward
///   deletion of one cluster for Delete; Return, Escape, Tab, Up and Down do nothing in
///   a one-line field.
///
/// The field's state is followed with the harness's own field model, and the session
/// expects the text the field ends with. Every recording starts from a reset engine.
public final class Recorder {
    private let engines: EngineSet

    public init(engines: EngineSet) {
        self.engines = engines
    }

    /// Records one script.
    public func record(_ script: ScriptLine) throws(RecorderError) -> Session {
        let engine = try engines.engine(script.engine, schema: script.schema)
        try engine.reset()
        let initial: FieldState
        do {
            initial = try FieldState(notation: script.initial)
        } catch {
            throw .badLine(file: script.file, line: script.line, "initial field: \(error)")
        }
        var field = initial
        var events: [SessionEvent] = []
        func apply(_ event: SessionEvent) {
            events.append(event)
            field = field.applying(event)
        }
        for key in try KeyScript.parse(script.keys) {
            let step = engine.press(key)
            if !step.commit.isEmpty {
                let commit = UTF16Text(step.commit)
                if field.markedText == commit, step.preedit.isEmpty {
                    apply(.unmarkText)
                } else {
                    apply(.insertText(commit))
                }
            }
            let preedit = UTF16Text(step.preedit)
            let showing = field.markedText ?? .empty
            let selection = field.selectionInMarkedText
            if preedit != showing || (!preedit.isEmpty && selection != step.selection) {
                apply(.setMarkedText(preedit, selectedRange: preedit.isEmpty ? .caret(at: 0) : step.selection))
            }
            if step.declined, let event = Self.fieldEvent(for: key, in: field) { apply(event) }
        }
        let recording = Session.EngineRecording(
            engine: engine.name, engineVersion: engine.version, schema: engine.schema, keys: script.keys)
        return Session(
            id: script.id, ime: engine.family, locale: engine.locale,
            source: .init(kind: .engine, detail: script.description, recording: recording), initial: initial,
            events: events, expectedText: field.text)
    }

    /// What a text field does with a key no input method took.
    static func fieldEvent(for key: Key, in state: FieldState) -> SessionEvent? {
        let text = state.text
        switch key {
        case .character(let scalar): return .insertText(UTF16Text(String(scalar)))
        case .named(.space): return .insertText(" ")
        case .named(.backSpace): return .deleteBackward
        case .named(.left), .named(.shiftLeft):
            let boundaries = text.graphemeBoundaries
            let target = boundaries.last { $0 < state.selection.location } ?? 0
            return .setSelection(.caret(at: state.selection.isEmpty ? target : state.selection.location))
        case .named(.right), .named(.shiftRight):
            let boundaries = text.graphemeBoundaries
            let target = boundaries.first { $0 > state.selection.end } ?? text.length
            return .setSelection(.caret(at: state.selection.isEmpty ? target : state.selection.end))
        case .named(.home): return .setSelection(.caret(at: 0))
        case .named(.end): return .setSelection(.caret(at: text.length))
        case .named(.delete):
            guard state.selection.isEmpty else { return .replace(state.selection, .empty) }
            guard let next = text.graphemeBoundaries.first(where: { $0 > state.selection.location }) else { return nil }
            return .replace(
                UTF16Range(location: state.selection.location, length: next - state.selection.location), .empty)
        case .named(.enter), .named(.escape), .named(.tab), .named(.up), .named(.down): return nil
        }
    }
}

/// The engines a recording run opens, each once, on demand.
public final class EngineSet {
    private let directory: String
    private var open: [String: any InputEngine] = [:]

    /// - Parameter directory: Where engines keep their private data for this run
    ///   (Anthy's home); Rime's user directory is its process-wide runtime's.
    public init(directory: String) {
        self.directory = directory
    }

    /// The engines the recorder knows, with the schemas they accept.
    public static let known =
        "rime (any schema in /usr/share/rime-data, e.g. luna_pinyin_simp, bopomofo), chewing (default), libhangul (a keyboard id: 2, 3f, 39, …), anthy (kana)"

    func engine(_ name: String, schema: String) throws(RecorderError) -> any InputEngine {
        let key = name + "/" + schema
        if let engine = open[key] { return engine }
        let engine: any InputEngine
        switch name {
        case "rime":
            engine = try RimeEngine(schema: schema, runtime: RimeRuntime.shared())
        case "chewing":
            guard schema == "default" else { throw .engine(name, "unknown layout '\(schema)' (known: default)") }
            engine = try ChewingEngine()
        case "libhangul": engine = try HangulEngine(keyboard: schema)
        case "anthy":
            guard schema == "kana" else { throw .engine(name, "unknown mode '\(schema)' (known: kana)") }
            engine = try AnthyEngine(home: directory + "/anthy")
        default: throw .engine(name, "unknown engine (known: \(Self.known))")
        }
        open[key] = engine
        return engine
    }
}
