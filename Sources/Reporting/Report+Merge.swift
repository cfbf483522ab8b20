import Composition
import Fuzzing

extension Report {
    /// The shards of one replay (`replay --shard I/N … --format json`, every I from 1 to
    /// N once) as the report of the whole run: the session replays back in the corpus's
    /// order, the unreadable files once (every shard reads every file), the sessions'
    /// hashes together. The result is what the unsharded run writes.
    ///
    /// - Throws: ``MergeError`` when the parts are not the shards of one run.
    package static func merging(_ parts: [Report]) throws(MergeError) -> Report {
        guard let first = parts.first else { throw .nothingToMerge }
        guard let count = first.shard?.shard.count else {
            throw .mismatched("a replay that was not sharded (run each part with --shard I/N)")
        }
        for part in parts {
            guard let shard = part.shard?.shard, shard.count == count else {
                throw .mismatched("shards of different counts")
            }
            guard part.origin == .replay, part.profiles == first.profiles, part.rules == first.rules,
                part.unicodeVersion == first.unicodeVersion, part.icuVersion == first.icuVersion,
                part.gate == first.gate, part.baseline == first.baseline, part.errors == first.errors
            else {
                throw .mismatched(
                    "replays of different runs (profiles, rules, versions, --fail-on, baseline or corpus)")
            }
        }
        let shards = parts.compactMap { $0.shard?.shard.index }
        guard Set(shards) == Set(1...count), shards.count == count else {
            throw .mismatched(
                "shards \(shards.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")) (each of 1/\(count)…\(count)/\(count) once)"
            )
        }
        var entries: [(index: Int, session: SessionReplay)] = []
        for part in parts {
            guard let indices = part.shard?.indices, indices.count == part.sessions.count else {
                throw .mismatched("a shard whose session replays have no corpus positions")
            }
            entries += zip(indices, part.sessions).map { ($0, $1) }
        }
        // Stable: a session's replays under each rule stay in the rules' order.
        let ordered = entries.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
        var merged = first
        merged.shard = nil
        merged.sessions = ordered.map(\.element.session)
        for part in parts.dropFirst() { merged.sessionHashes.merge(part.sessionHashes) { first, _ in first } }
        return merged
    }
}
