/// What can go wrong while recording, each a one-line message.
public enum RecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key script that cannot be read.
    case badKeys(String, String)
    /// A line of a script file that cannot be read.
    case badLine(file: String, line: Int, String)
    /// An engine that would not start or that failed.
    case engine(String, String)
    /// A file that cannot be read or written.
    case file(String, String)
    /// A command line that cannot be run.
    case usage(String)

    public var description: String {
        switch self {
        case .badKeys(let script, let what): "key script '\(script)': \(what)"
        case .badLine(let file, let line, let what): "\(file):\(line): \(what)"
        case .engine(let engine, let what): "\(engine): \(what)"
        case .file(let path, let what): "\(path): \(what)"
        case .usage(let what): "\(what) (see 'ime-record --help')"
        }
    }
}
