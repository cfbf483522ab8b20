import CEngines
import Foundation
import IMEHarness

/// libchewing (Debian's `libchewing3-dev`): Zhuyin as Taiwanese users type it, on the
/// default (大千) layout, with user data in memory only.
///
/// The preedit is the buffer of converted characters with the pending Bopomofo at the
/// cursor; the selection reported is the caret after it. A key Chewing ignores
/// (`chewing_keystroke_CheckIgnore`) goes to the field.
public final class ChewingEngine: InputEngine {
    public let name = "chewing"
    public let schema = "default"
    public let version: String
    public let family = InputMethodFamily.zhuyin
    public let locale = "zh-Hant-TW"
    private var context: OpaquePointer?

    public init() throws(RecorderError) {
        version = try packageVersion("chewing")
        try reset()
    }

    deinit { if let context { chewing_delete(context) } }

    /// `chewing_clean_preedit_buf` and `chewing_clean_bopomofo_buf` (chewingio.h): the
    /// converted characters and the pending Bopomofo go, nothing is committed.
    public func cancelComposition() {
        guard let context else { return }
        _ = chewing_clean_preedit_buf(context)
        _ = chewing_clean_bopomofo_buf(context)
    }

    public func reset() throws(RecorderError) {
        if let context { chewing_delete(context) }
        context = chewing_new2(nil, ":memory:", nil, nil)
        guard let context else {
            throw .engine(name, "chewing_new2 failed (apt-get install libchewing3-data)")
        }
        // The defaults stated, so that a library update cannot change them silently.
        chewing_set_maxChiSymbolLen(context, 20)
        chewing_set_candPerPage(context, 9)
        chewing_set_spaceAsSelection(context, 0)
        chewing_set_escCleanAllBuf(context, 0)
    }

    public func press(_ key: Key) -> EngineStep {
        guard let context else { return EngineStep(declined: true) }
        switch key {
        case .character(let scalar): _ = chewing_handle_Default(context, Int32(scalar.value))
        case .named(let named):
            switch named {
            case .space: _ = chewing_handle_Space(context)
            case .backSpace: _ = chewing_handle_Backspace(context)
            case .enter: _ = chewing_handle_Enter(context)
            case .escape: _ = chewing_handle_Esc(context)
            case .left: _ = chewing_handle_Left(context)
            case .right: _ = chewing_handle_Right(context)
            case .up: _ = chewing_handle_Up(context)
            case .down: _ = chewing_handle_Down(context)
            case .tab: _ = chewing_handle_Tab(context)
            case .delete: _ = chewing_handle_Del(context)
            case .home: _ = chewing_handle_Home(context)
            case .end: _ = chewing_handle_End(context)
            case .shiftLeft: _ = chewing_handle_ShiftLeft(context)
            case .shiftRight: _ = chewing_handle_ShiftRight(context)
            case .capsLock: _ = chewing_handle_Capslock(context)
            case .shift: break  // Chewing has no use for Shift alone: declined below.
            }
        }
        // Shift alone reaches no handler, so the check and commit calls would still report
        // the previous key's.
        let untouched = key == .named(.shift)
        var step = EngineStep(declined: untouched || chewing_keystroke_CheckIgnore(context) != 0)
        if !untouched, chewing_commit_Check(context) != 0, let text = chewing_commit_String_static(context) {
            step.commit = String(cString: text)
        }
        let buffer = chewing_buffer_String_static(context).map { String(cString: $0) } ?? ""
        let bopomofo = chewing_bopomofo_String_static(context).map { String(cString: $0) } ?? ""
        let cursor = Int(chewing_cursor_Current(context))
        let scalars = Array(buffer.unicodeScalars)
        let split = min(max(cursor, 0), scalars.count)
        var preedit = String(String.UnicodeScalarView(scalars[..<split]))
        preedit += bopomofo
        let caret = preedit.utf16.count
        preedit += String(String.UnicodeScalarView(scalars[split...]))
        step.preedit = preedit
        step.selection = .caret(at: caret)
        return step
    }
}

/// The version pkg-config reports for a library (`pkg-config --modversion NAME`), for
/// engines whose C API has no version call.
func packageVersion(_ module: String) throws(RecorderError) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--modversion", module]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        throw .engine(module, "cannot run pkg-config (\(error.localizedDescription))")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let version = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !version.isEmpty else {
        throw .engine(module, "pkg-config knows no \(module) (apt-get install the engine's -dev package)")
    }
    return version
}
