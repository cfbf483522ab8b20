import CEngines
import Foundation
import IMEHarness

/// libhangul (Debian's `libhangul-dev`) on the Dubeolsik ("2") keyboard.
///
/// One key can commit a syllable and start a new preedit at once (한 then ㄱ). A key
/// libhangul does not process (space, punctuation) flushes the syllable, which is
/// committed, and then goes to the field; so do named keys other than BackSpace.
public final class HangulEngine: InputEngine {
    public let name = "libhangul"
    public let schema: String
    public let version: String
    public let family = InputMethodFamily.hangul
    public let locale = "ko-KR"
    private var context: OpaquePointer?

    /// - Parameter keyboard: a libhangul keyboard id: "2" (Dubeolsik), "3f", "39", ….
    public init(keyboard: String = "2") throws(RecorderError) {
        schema = keyboard
        version = try packageVersion("libhangul")
        try reset()
    }

    deinit { if let context { hangul_ic_delete(context) } }

    /// `hangul_ic_reset` (hangul.h; `hangul_ic_flush` would hand the syllable back to be
    /// committed): the syllable being composed goes.
    public func cancelComposition() {
        if let context { hangul_ic_reset(context) }
    }

    public func reset() throws(RecorderError) {
        if let context { hangul_ic_delete(context) }
        context = hangul_ic_new(schema)
        guard context != nil else { throw .engine(name, "hangul_ic_new(\"\(schema)\") failed") }
    }

    public func press(_ key: Key) -> EngineStep {
        guard let context else { return EngineStep(declined: true) }
        var step = EngineStep()
        switch key {
        case .character(let scalar):
            step.declined = !hangul_ic_process(context, Int32(scalar.value))
            step.commit = Self.string(hangul_ic_get_commit_string(context))
        case .named(.backSpace):
            step.declined = !hangul_ic_backspace(context)
        case .named(.shift), .named(.capsLock):
            // Modifiers alone: the composition goes on (libhangul has no modes).
            step.declined = true
        case .named(let named):
            step.commit = Self.string(hangul_ic_flush(context))
            step.declined = true
            _ = named
        }
        step.preedit = Self.string(hangul_ic_get_preedit_string(context))
        step.selection = .caret(at: step.preedit.utf16.count)
        return step
    }

    /// A libhangul UCS-4 string.
    private static func string(_ pointer: UnsafePointer<ucschar>?) -> String {
        guard var pointer else { return "" }
        var out = String.UnicodeScalarView()
        while pointer.pointee != 0 {
            if let scalar = Unicode.Scalar(pointer.pointee) { out.append(scalar) }
            pointer += 1
        }
        return String(out)
    }
}
