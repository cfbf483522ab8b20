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
///
/// One recording or replay at a time drives the engines of a process, whichever
/// `Recorder` asks: Rime's runtime is one per process (its dictionaries and user
/// databases are shared by every session) and Anthy keeps global state, so two test
/// targets' fuzzers running in parallel would otherwise crash inside librime.
public final class Recorder {
    private let engines: EngineSet
    /// Held while a recording or replay drives an engine.
    private static let engineLock = NSLock()

    public init(engines: EngineSet) {
        self.engines = engines
    }

    /// Records one script.
    public func record(_ script: ScriptLine) throws(RecorderError) -> Session {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        let engine = try engines.engine(script.engine, schema: script.schema)
        var session = try header(script, engine: engine)
        var field = session.initial
        try drive(script, engine: engine, from: field) { event in
            session.events.append(event)
            field = field.applying(event)
            return (field, false)
        }
        session.expectedText = field.text
        return session
    }

    /// Replays one script closed loop: each key goes to the engine, the events it makes
    /// go to a field under `profile` with `rule` in it, and when the app ends the
    /// engine's composition (the rule assigned the text while text was marked) the engine
    /// is told and drops it (``InputEngine/cancelComposition()``), so the next keys start a
    /// new one, as a user's would. With a rule that changes nothing this is the recording.
    public func replay(_ script: ScriptLine, rule: some InputRule, profile: Profile) throws(RecorderError)
        -> ClosedLoopResult
    {
        Self.engineLock.lock()
        defer { Self.engineLock.unlock() }
        let engine = try engines.engine(script.engine, schema: script.schema)
        let session = try header(script, engine: engine)
        let loop: ClosedLoopReplay
        do {
            loop = try ClosedLoopReplay(rule: rule, profile: profile, session: session)
        } catch {
            throw .engine(engine.name, error.description)
        }
        try drive(script, engine: engine, from: session.initial) { event in
            let ended = loop.apply(event)
            if ended { engine.cancelComposition() }
            return (loop.field, ended)
        }
        return loop.finish(id: script.id)
    }

    /// The session `script` records, before its events: from a reset engine.
    private func header(_ script: ScriptLine, engine: any InputEngine) throws(RecorderError) -> Session {
        try engine.reset()
        let initial: FieldState
        do {
            initial = try FieldState(notation: script.initial)
        } catch {
            throw .badLine(file: script.file, line: script.line, "initial field: \(error)")
        }
        let recording = Session.EngineRecording(
            engine: engine.name, engineVersion: engine.version, schema: engine.schema, keys: script.keys)
        return Session(
            id: script.id, ime: engine.family, locale: engine.locale,
            source: .init(kind: .engine, detail: script.description, recording: recording), initial: initial,
            events: [])
    }

    /// Presses the script's keys and turns what the engine does after each into the events
    /// a field receives, handing each to `field`, which carries it out and returns the
    /// field after it and whether the engine's composition was dropped meanwhile; `state`
    /// is the field before the first key.
    ///
    /// What the engine sends is worked out against the field as the engine believes it is
    /// (UIKit's marked text, followed event by event, whatever a profile presents or a rule
    /// does: a refused update does not tell it); once its composition is dropped it
    /// believes the field it is then told of, with nothing marked. A key it declines is the
    /// field's, and acts on the field as it is.
    private func drive(
        _ script: ScriptLine, engine: any InputEngine, from state: FieldState,
        field carryOut: (SessionEvent) -> (after: FieldState, dropped: Bool)
    ) throws(RecorderError) {
        var believed = state
        var field = state
        for key in try KeyScript.parse(script.keys) {
            let step = engine.press(key)
            // Once the composition is dropped, the rest of what the engine showed for this
            // key is gone with it.
            var dropped = false
            func apply(_ event: SessionEvent) {
                let (after, ended) = carryOut(event)
                field = after
                believed = believed.applying(event)
                if ended {
                    dropped = true
                    believed = FieldState(text: after.text, selection: after.selection)
                }
            }
            if !step.commit.isEmpty {
                let commit = UTF16Text(step.commit)
                if believed.markedText == commit, step.preedit.isEmpty {
                    apply(.unmarkText)
                } else {
                    apply(.insertText(commit))
                }
            }
            let preedit = UTF16Text(step.preedit)
            let showing = believed.markedText ?? .empty
            let selection = believed.selectionInMarkedText
            if !dropped, preedit != showing || (!preedit.isEmpty && selection != step.selection) {
                apply(.setMarkedText(preedit, selectedRange: preedit.isEmpty ? .caret(at: 0) : step.selection))
            }
            if step.declined, let event = Self.fieldEvent(for: key, in: field) { apply(event) }
        }
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
        case .named(.enter), .named(.escape), .named(.tab), .named(.up), .named(.down), .named(.shift),
            .named(.capsLock):
            return nil
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
