import CEngines
import Foundation
import IMEHarness

/// Anthy (Debian's `libanthy-dev`), the kana-to-kanji converter, behind the small
/// front end an input method puts around it.
///
/// Keys are kana, as the iOS Japanese Kana keyboard types them (romaji-to-kana is the
/// front end's job, not Anthy's, and is not modelled). While typing, the preedit is the
/// kana with a caret that Left and Right move. Space converts: Anthy splits the reading
/// into segments, the preedit becomes each segment's candidate and the selection is the
/// segment being converted; Space or Down picks its next candidate, Up the previous,
/// Left and Right move between segments, Shift+Left and Shift+Right shrink and grow it.
/// Return commits (the kana, or the conversion); BackSpace and Escape return from
/// conversion to the kana, then delete a kana or clear it. Keys pressed with nothing
/// composed go to the field. Candidates are read but never committed to Anthy
/// (`anthy_commit_segment` is what makes it learn), and its home directory is the
/// recording directory, so recordings repeat exactly and nothing is written elsewhere.
public final class AnthyEngine: InputEngine {
    public let name = "anthy"
    public let schema = "kana"
    public let version: String
    public let family = InputMethodFamily.kana
    public let locale = "ja-JP"
    private var context: anthy_context_t?
    private var kana: [Unicode.Scalar] = []
    private var caret = 0
    /// While converting: the candidate chosen per segment, and the segment being converted.
    private var chosen: [Int32]?
    private var current = 0

    /// Starts Anthy with `home` as its home directory (it keeps learning data there).
    public init(home: String) throws(RecorderError) {
        do {
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        } catch {
            throw .file(home, "cannot be created (\(error.localizedDescription))")
        }
        setenv("HOME", home, 1)
        guard AnthyLibrary.acquire() else { throw .engine(name, "anthy_init failed (apt-get install anthy)") }
        version = anthy_get_version_string().map { String(cString: $0) } ?? "unknown"
        do {
            try reset()
        } catch {
            AnthyLibrary.release()
            throw error
        }
    }

    deinit {
        if let context { anthy_release_context(context) }
        AnthyLibrary.release()
    }

    /// The front end's kana and conversion go, and `anthy_reset_context` (anthy.h) drops
    /// Anthy's segments.
    public func cancelComposition() {
        if let context { anthy_reset_context(context) }
        kana = []
        caret = 0
        chosen = nil
        current = 0
    }

    public func reset() throws(RecorderError) {
        if let context { anthy_release_context(context) }
        context = anthy_create_context()
        guard let context else { throw .engine(name, "anthy_create_context failed") }
        _ = anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING)
        kana = []
        caret = 0
        chosen = nil
        current = 0
    }

    public func press(_ key: Key) -> EngineStep {
        if chosen != nil { return converting(key) }
        switch key {
        case .character(let scalar):
            kana.insert(scalar, at: caret)
            caret += 1
        case .named(let named):
            guard !kana.isEmpty else { return EngineStep(declined: true) }
            switch named {
            case .space, .down: return convert()
            case .enter:
                let text = String(String.UnicodeScalarView(kana))
                kana = []
                caret = 0
                return EngineStep(commit: text)
            case .backSpace:
                if caret > 0 {
                    kana.remove(at: caret - 1)
                    caret -= 1
                }
            case .escape:
                kana = []
                caret = 0
            case .left: caret = max(0, caret - 1)
            case .right: caret = min(kana.count, caret + 1)
            case .home: caret = 0
            case .end: caret = kana.count
            case .up, .tab, .delete, .shiftLeft, .shiftRight, .shift, .capsLock: break
            }
        }
        return kanaStep()
    }

    /// The kana being typed, the caret in it.
    private func kanaStep() -> EngineStep {
        let text = String(String.UnicodeScalarView(kana))
        return EngineStep(preedit: text, selection: .caret(at: text.utf16Offset(ofScalar: caret)))
    }

    /// Space on the kana: Anthy segments the reading.
    private func convert() -> EngineStep {
        guard let context else { return kanaStep() }
        _ = anthy_set_string(context, String(String.UnicodeScalarView(kana)))
        var stat = anthy_conv_stat()
        _ = anthy_get_stat(context, &stat)
        chosen = Array(repeating: 0, count: Int(stat.nr_segment))
        current = 0
        return conversionStep()
    }

    private func converting(_ key: Key) -> EngineStep {
        guard let context, var choices = chosen else { return kanaStep() }
        switch key {
        case .character:
            // Typing on commits the conversion and starts a new reading.
            let committed = conversionText()
            chosen = nil
            kana = []
            caret = 0
            var step = press(key)
            step.commit = committed
            return step
        case .named(let named):
            switch named {
            case .space, .down:
                choices[current] = (choices[current] + 1) % max(1, candidateCount(current))
            case .up:
                let count = max(1, candidateCount(current))
                choices[current] = (choices[current] + count - 1) % count
            case .left: current = max(0, current - 1)
            case .right, .tab: current = min(choices.count - 1, current + 1)
            case .shiftLeft, .shiftRight:
                anthy_resize_segment(context, Int32(current), named == .shiftLeft ? -1 : 1)
                var stat = anthy_conv_stat()
                _ = anthy_get_stat(context, &stat)
                // Resizing reconverts this segment and the ones after it.
                choices = Array(choices.prefix(current)) + Array(repeating: 0, count: Int(stat.nr_segment) - current)
            case .enter:
                let text = conversionText()
                chosen = nil
                kana = []
                caret = 0
                return EngineStep(commit: text)
            case .backSpace, .escape:
                chosen = nil
                caret = kana.count
                return kanaStep()
            case .home: current = 0
            case .end: current = choices.count - 1
            case .delete, .shift, .capsLock: break
            }
        }
        chosen = choices
        return conversionStep()
    }

    private func candidateCount(_ segment: Int) -> Int32 {
        guard let context else { return 0 }
        var stat = anthy_segment_stat()
        _ = anthy_get_segment_stat(context, Int32(segment), &stat)
        return stat.nr_candidate
    }

    /// Each segment's chosen candidate.
    private func segmentTexts() -> [String] {
        guard let context, let choices = chosen else { return [] }
        var buffer = [CChar](repeating: 0, count: 1024)
        return choices.enumerated().map { segment, candidate in
            let length = anthy_get_segment(context, Int32(segment), candidate, &buffer, Int32(buffer.count))
            guard length >= 0 else { return "" }
            return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    private func conversionText() -> String { segmentTexts().joined() }

    /// The conversion: the segments' candidates, the current segment selected.
    private func conversionStep() -> EngineStep {
        let texts = segmentTexts()
        let start = texts.prefix(current).reduce(0) { $0 + $1.utf16.count }
        let length = texts.indices.contains(current) ? texts[current].utf16.count : 0
        return EngineStep(preedit: texts.joined(), selection: UTF16Range(location: start, length: length))
    }
}

/// Anthy's process-wide state, shared by every ``AnthyEngine`` of a process.
///
/// `anthy_init` does nothing when Anthy is already initialised, but `anthy_quit` frees
/// every context and dictionary at once (src-main/main.c: `anthy_quit_contexts`,
/// `anthy_quit_dic`), whoever else still uses them. An engine that quit Anthy in its
/// `deinit` while another was alive (two recorders in one process: a user's test target,
/// or one run's engines replaced by the next's) left the other's context freed, and the
/// process crashed with signal 11 when that engine was released at teardown. So the
/// engines count: the first one initialises Anthy, the last one quits it.
enum AnthyLibrary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var users = 0

    /// Initialises Anthy for one more engine; `false` when `anthy_init` fails.
    static func acquire() -> Swift.Bool {
        lock.lock()
        defer { lock.unlock() }
        if users == 0, anthy_init() != 0 { return false }
        users += 1
        return true
    }

    /// One engine less; the last one quits Anthy.
    static func release() {
        lock.lock()
        defer { lock.unlock() }
        users -= 1
        if users == 0 { anthy_quit() }
    }
}
