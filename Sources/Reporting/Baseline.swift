import Composition
import HarnessJSON

/// What identifies a finding from run to run, so that a baseline can accept it: the
/// session (its id and a hash of its content), the rule, the profiles, the kind and the
/// event. The message is left out (its wording may change between versions of the tool);
/// the hash is of the session as decoded and written back (``Session/json``), so it
/// survives reformatting the file but not a changed event.
package struct FindingIdentity: Hashable, Sendable, Comparable {
    package var session: String
    package var sessionHash: String
    package var rule: String
    package var profiles: [String]
    package var kind: FindingKind
    /// `nil` for the session as a whole, and for findings a replay counted without keeping.
    package var event: Int?

    package init(
        session: String, sessionHash: String, rule: String, profiles: [String], kind: FindingKind, event: Int?
    ) {
        self.session = session
        self.sessionHash = sessionHash
        self.rule = rule
        self.profiles = profiles
        self.kind = kind
        self.event = event
    }

    package static func < (a: Self, b: Self) -> Bool {
        (a.session, a.rule, a.kind, a.event ?? -1, a.profiles.joined(separator: "+"), a.sessionHash)
            < (b.session, b.rule, b.kind, b.event ?? -1, b.profiles.joined(separator: "+"), b.sessionHash)
    }

    /// In words, for the lists of new and fixed findings.
    package var description: String {
        "\(kind) in \(session) with \(rule) under \(profiles.joined(separator: ", "))"
            + (event.map { " at event \($0)" } ?? "")
    }
}

/// The findings a team has accepted (`ime-baseline/1`): a run with `--baseline` fails only
/// on findings beyond them, and lists the ones that are gone.
package struct Baseline: Equatable, Sendable {
    package static let format = "ime-baseline/1"

    /// How many findings of each identity are accepted.
    package var accepted: [FindingIdentity: Int]

    package init(accepted: [FindingIdentity: Int]) {
        self.accepted = accepted.filter { $0.value > 0 }
    }

    /// `{"format": "ime-baseline/1", "findings": [{"session", "sessionHash", "rule",
    /// "profiles", "kind", "event"?, "count"}]}`, sorted, so that a baseline under version
    /// control changes only where findings do.
    package var json: JSONValue {
        .object([
            ("format", .string(Self.format)),
            (
                "findings",
                .array(
                    accepted.keys.sorted().map { identity in
                        var members: [(String, JSONValue)] = [
                            ("session", .string(identity.session)), ("sessionHash", .string(identity.sessionHash)),
                            ("rule", .string(identity.rule)),
                            ("profiles", .array(identity.profiles.map(JSONValue.string))),
                            ("kind", .string(identity.kind.name)),
                        ]
                        if let event = identity.event { members.append(("event", .int(event))) }
                        members.append(("count", .int(accepted[identity] ?? 0)))
                        return .object(members)
                    })
            ),
        ])
    }

    /// Reads a baseline file's JSON.
    ///
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers(["format", "findings"])
        let format = try node.member("format")
        guard try format.string() == Self.format else { throw format.mismatch("\"\(Self.format)\"") }
        var accepted: [FindingIdentity: Int] = [:]
        for entry in try node.member("findings").elements() {
            try entry.rejectUnknownMembers(["session", "sessionHash", "rule", "profiles", "kind", "event", "count"])
            let identity = FindingIdentity(
                session: try entry.member("session").string(), sessionHash: try entry.member("sessionHash").string(),
                rule: try entry.member("rule").string(),
                profiles: try entry.member("profiles").elements().map { element throws(JSONDecodingError) in
                    try element.string()
                }, kind: try entry.member("kind").findingKind(.replay),
                event: try entry.optionalMember("event")?.count())
            let countNode = try entry.member("count")
            let count = try countNode.count()
            guard count > 0 else { throw countNode.mismatch("a count of at least 1") }
            let (sum, overflow) = accepted[identity, default: 0].addingReportingOverflow(count)
            guard !overflow else { throw countNode.mismatch("counts that sum to at most \(Int.max)") }
            accepted[identity] = sum
        }
        self.init(accepted: accepted)
    }
}

/// A 64-bit FNV-1a hash of `bytes`, in 16 hex digits: stable across runs and machines (a
/// finding identity, not a security boundary).
package func stableHash(_ bytes: some Sequence<UInt8>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

extension Session {
    /// The hash of the session's content as ``FindingIdentity`` uses it.
    package var contentHash: String { stableHash(json.rendered().utf8) }
}
