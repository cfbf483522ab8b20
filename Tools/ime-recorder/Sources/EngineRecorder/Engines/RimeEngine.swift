import CEngines
import Foundation
import IMEHarness

/// librime (Debian's `librime-dev`) with Debian's prebuilt schemas: `luna_pinyin_simp`
/// (Simplified Pinyin) and `bopomofo` (Zhuyin), or any schema in the shared data.
///
/// Rime's offsets are UTF-8 bytes; the preedit puts spaces between syllables
/// ("zhong guo") and shows tone marks (ㄨㄤˊ). The selection reported is the caret.
public final class RimeEngine: InputEngine {
    public let name = "rime"
    public let schema: String
    public var version: String { runtime.version }
    public var family: InputMethodFamily { schema.hasPrefix("bopomofo") ? .zhuyin : .pinyin }
    public var locale: String { schema.hasPrefix("bopomofo") || schema.hasSuffix("_tw") ? "zh-Hant-TW" : "zh-Hans-CN" }

    private let runtime: RimeRuntime
    private var session: RimeSessionId = 0
    /// Whether Caps Lock is on: X11 then sets `LockMask` (2) on every key event, the next
    /// Caps Lock's included, which is how Rime tells on from off (`ProcessCapsLock`, which
    /// assumes IBus's events).
    private var capsLocked = false

    /// Opens a Rime session on `schema`, deploying it (with the user dictionary off)
    /// into `runtime`'s private user directory on first use.
    public init(schema: String, runtime: RimeRuntime) throws(RecorderError) {
        self.schema = schema
        self.runtime = runtime
        try runtime.deploy(schema)
        try reset()
    }

    deinit {
        if session != 0 { _ = runtime.api.pointee.destroy_session(session) }
    }

    public func reset() throws(RecorderError) {
        let api = runtime.api.pointee
        if session != 0 { _ = api.destroy_session(session) }
        session = api.create_session()
        capsLocked = false
        guard session != 0, api.select_schema(session, schema) != 0 else {
            throw .engine(name, "cannot open a session on schema \(schema)")
        }
    }

    /// `clear_composition` (rime_api.h: the composition and its candidates go, nothing is
    /// committed).
    public func cancelComposition() {
        if session != 0 { runtime.api.pointee.clear_composition(session) }
    }

    public func press(_ key: Key) -> EngineStep {
        let api = runtime.api.pointee
        var (code, mask): (Int32, Int32) =
            switch key {
            case .character(let scalar): (Int32(scalar.value), 0)
            case .named(let named): (named.keysym, named.modifiers)
            }
        if capsLocked { mask |= 2 }
        var handled = api.process_key(session, code, mask) != 0
        if key == .named(.shift) || key == .named(.capsLock) {
            // A modifier alone acts on its release (`kReleaseMask`, rime/key_table.h).
            handled = api.process_key(session, code, mask | 1 << 30) != 0 || handled
        }
        if key == .named(.capsLock) { capsLocked.toggle() }
        var step = EngineStep(declined: !handled)
        var commit = RimeCommit()
        commit.data_size = Int32(MemoryLayout<RimeCommit>.stride - MemoryLayout<Int32>.size)
        if api.get_commit(session, &commit) != 0 {
            if let text = commit.text { step.commit = String(cString: text) }
            _ = api.free_commit(&commit)
        }
        var context = RimeContext()
        context.data_size = Int32(MemoryLayout<RimeContext>.stride - MemoryLayout<Int32>.size)
        if api.get_context(session, &context) != 0 {
            if let preedit = context.composition.preedit {
                step.preedit = String(cString: preedit)
                step.selection = .caret(at: step.preedit.utf16Offset(ofUTF8Byte: Int(context.composition.cursor_pos)))
            }
            _ = api.free_context(&context)
        }
        return step
    }
}

/// Rime's process-wide state: its setup (logging, data directories) can run only once
/// per process (a second call aborts inside glog), so every ``RimeEngine`` of a process
/// shares the one runtime ``shared()`` starts, and its user directory.
public final class RimeRuntime: @unchecked Sendable {
    private static let startLock = NSLock()
    nonisolated(unsafe) private static var started: RimeRuntime?

    /// The process's runtime, started on first use with a fresh private user directory
    /// under the temporary directory.
    public static func shared() throws(RecorderError) -> RimeRuntime {
        startLock.lock()
        defer { startLock.unlock() }
        if let started { return started }
        let directory =
            NSTemporaryDirectory() + "ime-record-rime-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let runtime = try RimeRuntime(userDirectory: directory)
        started = runtime
        // What the runtime keeps open goes before librime's own static destructors run
        // (which crash on sessions still open at exit).
        atexit { RimeRuntime.started?.letGo() }
        return runtime
    }

    let api: UnsafeMutablePointer<RimeApi>
    let version: String
    private let userDirectory: String
    private let sharedDirectory: String
    private var traits = RimeTraits()
    private var deployed: Set<String> = []
    /// The configurations kept open for the runtime's life: Rime caches a loaded
    /// configuration only while something holds it, so without these every new session
    /// parsed `default.yaml` and its schema again.
    private var held: [String: UnsafeMutablePointer<RimeConfig>] = [:]
    /// One idle session per deployed schema, kept for the runtime's life for the same
    /// reason: Rime's dictionaries (prism, table) stay loaded only while a session uses
    /// them, and every recording opens a session of its own.
    private var keepers: [RimeSessionId] = []
    private let lock = NSLock()

    /// Starts Rime with `sharedDirectory` (Debian's prebuilt data) and a fresh private
    /// user directory, so that nothing a user typed before can change a recording.
    private init(userDirectory: String, sharedDirectory: String = "/usr/share/rime-data") throws(RecorderError) {
        guard let api = rime_get_api() else { throw .engine("rime", "rime_get_api() returned nothing") }
        guard FileManager.default.fileExists(atPath: sharedDirectory + "/default.yaml") else {
            throw .engine(
                "rime", "no Rime data in \(sharedDirectory) (apt-get install rime-data-luna-pinyin rime-data-bopomofo)")
        }
        do {
            try FileManager.default.createDirectory(atPath: userDirectory, withIntermediateDirectories: true)
        } catch {
            throw .file(userDirectory, "cannot be created (\(error.localizedDescription))")
        }
        self.api = api
        self.userDirectory = userDirectory
        self.sharedDirectory = sharedDirectory
        traits.data_size = Int32(MemoryLayout<RimeTraits>.stride - MemoryLayout<Int32>.size)
        // Rime keeps these pointers for the process's lifetime.
        traits.shared_data_dir = UnsafePointer(strdup(sharedDirectory))
        traits.user_data_dir = UnsafePointer(strdup(userDirectory))
        traits.log_dir = UnsafePointer(strdup(userDirectory))
        traits.app_name = UnsafePointer(strdup("rime.ime-harness"))
        traits.min_log_level = 3
        api.pointee.setup(&traits)
        api.pointee.deployer_initialize(&traits)
        version = api.pointee.get_version().map { String(cString: $0) } ?? "unknown"
        api.pointee.initialize(&traits)
        // Debian ships no compiled `default.yaml` (its `build/` holds the schemas only), and
        // without it Rime runs with no `ascii_composer/switch_key` bindings, so Shift
        // switches nothing ("Missing ascii bindings", ascii_composer.cc). Compiled into the
        // private user directory, as a deployment does.
        guard api.pointee.deploy_config_file("default.yaml", "config_version") != 0 else {
            throw .engine("rime", "cannot deploy \(sharedDirectory)/default.yaml")
        }
        hold("default") { api.pointee.config_open("default", $0) }
        // Every new session's switcher reads the schemas of `default.yaml`'s schema list.
        if let config = held["default"] {
            let schemas = (0..<api.pointee.config_list_size(config, "schema_list")).compactMap { index in
                api.pointee.config_get_cstring(config, "schema_list/@\(index)/schema").map { String(cString: $0) }
            }
            for schema in schemas { hold("schema " + schema) { api.pointee.schema_open(schema, $0) } }
        }
    }

    /// Opens a configuration with `open` and keeps it open as `name`, closing what was
    /// kept under that name before (after a deployment, the configuration loaded before
    /// it is stale: Rime would keep serving it from its cache while it is held).
    private func hold(_ name: String, _ open: (UnsafeMutablePointer<RimeConfig>) -> Bool) {
        if let stale = held.removeValue(forKey: name) {
            _ = api.pointee.config_close(stale)
            stale.deallocate()
        }
        let config = UnsafeMutablePointer<RimeConfig>.allocate(capacity: 1)
        config.initialize(to: RimeConfig())
        if open(config) != 0 { held[name] = config } else { config.deallocate() }
    }

    deinit {
        letGo()
        api.pointee.finalize()
    }

    /// Closes the sessions and configurations kept open.
    private func letGo() {
        lock.lock()
        defer { lock.unlock() }
        for session in keepers { _ = api.pointee.destroy_session(session) }
        keepers = []
        for config in held.values {
            _ = api.pointee.config_close(config)
            config.deallocate()
        }
        held = [:]
    }

    /// Compiles `schema` into the user directory with `translator/enable_user_dict:
    /// false`, so that selections teach Rime nothing and recordings repeat exactly.
    func deploy(_ schema: String) throws(RecorderError) {
        lock.lock()
        defer { lock.unlock() }
        guard !deployed.contains(schema) else { return }
        let file = sharedDirectory + "/\(schema).schema.yaml"
        guard FileManager.default.fileExists(atPath: file) else {
            throw .engine("rime", "no schema \(schema) in \(sharedDirectory)")
        }
        do {
            try "patch:\n  translator/enable_user_dict: false\n".write(
                toFile: userDirectory + "/\(schema).custom.yaml", atomically: true, encoding: .utf8)
        } catch {
            throw .file(userDirectory, "cannot be written (\(error.localizedDescription))")
        }
        guard api.pointee.deploy_schema(file) != 0 else { throw .engine("rime", "cannot deploy \(file)") }
        deployed.insert(schema)
        hold("schema " + schema) { api.pointee.schema_open(schema, $0) }
        let keeper = api.pointee.create_session()
        if keeper != 0, api.pointee.select_schema(keeper, schema) != 0 { keepers.append(keeper) }
    }
}
