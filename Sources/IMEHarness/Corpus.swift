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

    /// The 154 sessions this package ships (`Corpora/sessions`): authored from documented
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
    ///   be read, and every session whose id an earlier one has, when there is one.
    public func load() throws(HarnessFailure) -> [Session] {
        let paths: [String]
        switch source {
        case .sessions(let sessions):
            var ids = Set<String>()
            if let repeated = sessions.first(where: { !ids.insert($0.id).inserted }) {
                throw HarnessFailure("two sessions have the id '\(repeated.id)': reports tell sessions apart by id")
            }
            return sessions
        case .bundled: paths = [BundledData.directory + "/sessions"]
        case .paths(let given): paths = given
        }
        let (sessions, errors) = SessionFiles.load(paths)
        guard errors.isEmpty else {
            throw HarnessFailure(
                "sessions that could not be read:\n" + errors.map { "  \($0)" }.joined(separator: "\n"))
        }
        return sessions
    }
}
