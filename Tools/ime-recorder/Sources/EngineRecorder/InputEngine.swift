import IMEHarness

/// A real input-method engine, driven one key at a time.
///
/// A class: each wraps a C library's context. Use one per thread.
public protocol InputEngine: AnyObject {
    /// `rime`, `chewing`, `libhangul` or `anthy`.
    var name: String { get }
    /// The engine's version, as its library reports it.
    var version: String { get }
    /// The schema or layout the engine runs.
    var schema: String { get }
    /// The input method family of the sessions it records.
    var family: InputMethodFamily { get }
    /// The locale its users type in (BCP 47).
    var locale: String { get }
    /// Forgets any composition: the state of a freshly opened input method.
    func reset() throws(RecorderError)
    /// Drops the composition without committing any of it, as the input method does when
    /// the platform tells it the app changed the text meanwhile (a closed loop,
    /// ``ClosedLoopReplay``); the rest of its state (schema, layout, options) stays. Each
    /// engine does it with its own call for it.
    func cancelComposition()
    /// Presses `key` and returns what the engine shows and commits.
    func press(_ key: Key) -> EngineStep
}

/// What an engine did with one key.
public struct EngineStep: Hashable, Sendable {
    /// Text the engine committed (empty when none).
    public var commit: String
    /// The composition it now shows (empty when none).
    public var preedit: String
    /// The selection inside the preedit, in UTF-16 units: the caret, or for Anthy the
    /// segment being converted.
    public var selection: UTF16Range
    /// Whether the engine left the key to the application (the field handles it).
    public var declined: Bool

    public init(
        commit: String = "", preedit: String = "", selection: UTF16Range = .caret(at: 0), declined: Bool = false
    ) {
        self.commit = commit
        self.preedit = preedit
        self.selection = selection
        self.declined = declined
    }
}

extension String {
    /// The UTF-16 length of the prefix made of the first `bytes` UTF-8 bytes (C engines
    /// report offsets in bytes); clamped to the string.
    func utf16Offset(ofUTF8Byte bytes: Int) -> Int {
        let prefix = utf8.prefix(max(0, bytes))
        return String(decoding: prefix, as: UTF8.self).utf16.count
    }

    /// The UTF-16 offset of the `count`-th Unicode scalar (Chewing counts characters).
    func utf16Offset(ofScalar count: Int) -> Int {
        unicodeScalars.prefix(max(0, count)).reduce(0) { $0 + $1.utf16.count }
    }
}
