import Composition
import Foundation

/// Sessions to replay a rule through.
public struct Corpus: Sendable {
    enum Source: Sendable {
        case bundled
        case paths([String])
        case sessions([Session])
    }

    let source: Source

    /// The 127 sessions this package ships (`Corpora/sessions`): authored from documented
    /// behaviour and recorded from real Pinyin, Zhuyin, Korean and Japanese engines.
    public static let bundled = Corpus(source: .bundled)

    /// The session files at `paths`: `.json` files of one session, `.jsonl` files of one
    /// per line, and directories of them, walked recursively.
    public static func files(_ paths: String...) -> Corpus { Corpus(source: .paths(paths)) }

    /// Sessions built in code (for example with ``SessionEvent/composing(_:commit:)``).
    public static func sessions(_ sessions: [Session]) -> Corpus { Corpus(source: .sessions(sessions)) }

    /// Reads the corpus.
    ///
    /// - Throws: ``HarnessFailure`` naming every file, line and JSON path that could not
    ///   be read, when one could not.
    public func load() throws(HarnessFailure) -> [Session] {
        let paths: [String]
        switch source {
        case .sessions(let sessions): return sessions
        case .bundled: paths = [BundledData.directory + "/sessions"]
        case .paths(let given): paths = given
        }
        let (files, pathErrors) = SessionFiles.expand(paths)
        var errors = pathErrors
        var sessions: [Session] = []
        for file in files {
            SessionFiles.read(file) { result in
                switch result {
                case .success(let session): sessions.append(session)
                case .failure(let error): errors.append(error)
                }
            }
        }
        guard errors.isEmpty else {
            throw HarnessFailure(
                "sessions that could not be read:\n" + errors.map { "  \($0)" }.joined(separator: "\n"))
        }
        return sessions
    }
}
