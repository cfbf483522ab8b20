import Composition
import HarnessJSON

/// What identifies a finding from run to run, so that a baseline can accept it: the
/// session (its id and a hash of its content), the rule's stable name, the profiles, the
/// kind and the event. The message is left out (its wording may change between versions
/// of the tool); the hash is of the session as decoded and written back
/// (``Session/json``), so it survives reformatting the file but not a changed event.
///
/// The rule is known by its stable name, the spec's part before `:`
/// (`legacy-input-filter` for `legacy-input-filter:max-length=10`), so that changing a
/// parameter keeps the findings the change does not touch accepted and shows the ones it
/// adds or removes; only where one run holds two specs of the same rule is the full spec
/// the name (``Baseline/ruleName(of:among:)``).
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
    /// The full spec each rule had when the baseline was written, by the name its
    /// findings carry (`legacy-input-filter` → `legacy-input-filter:max-length=10`), so a
    /// report can say that a parameter changed. Empty in baselines written before 0.3.
    package var specs: [String: String]

    package init(accepted: [FindingIdentity: Int], specs: [String: String] = [:]) {
        self.accepted = accepted.filter { $0.value > 0 }
        self.specs = specs
    }

    /// The name findings of `spec` carry in a baseline: the rule's stable name (the part
    /// before `:`), or the whole spec when `specs` holds another spec with that name.
    package static func ruleName(of spec: String, among specs: [String]) -> String {
        let name = stableName(spec)
        return specs.contains { $0 != spec && stableName($0) == name } ? spec : name
    }

    /// A spec's part before its first `:` (a catalogue rule's name; a library rule's whole
    /// name, which has no parameters).
    package static func stableName(_ spec: String) -> String {
        spec.firstIndex(of: ":").map { String(spec[..<$0]) } ?? spec
    }

    /// A sentence for each rule whose spec differs from the one the baseline was written
    /// with: which accepted findings the new parameters removed and which they added.
    package func parameterChanges(specs current: [String], outcome: Report.GateOutcome) -> [String] {
        current.compactMap { spec in
            let name = Self.ruleName(of: spec, among: current)
            guard let old = specs[name], old != spec else { return nil }
            let removed = outcome.fixed.filter { $0.identity.rule == name }.reduce(0) { $0.saturatingAdd($1.count) }
            let added = outcome.failingByRule[spec] ?? 0
            return
                "\(name) runs as \(spec); the baseline was written for \(old): the change added \(added) finding\(added == 1 ? "" : "s") and removed \(removed) it accepted (listed below); the other accepted findings stand"
        }
    }

    /// `{"format": "ime-baseline/1", "rules"?: {name: spec}, "findings": [{"session",
    /// "sessionHash", "rule", "profiles", "kind", "event"?, "check"?, "count"}]}` (`check`
    /// is `"property"` for a fuzzer property a library check judged), sorted, so that a baseline under version
    /// control changes only where findings do.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("format", .string(Self.format))]
        if !specs.isEmpty {
            members.append(("rules", .object(specs.keys.sorted().map { ($0, .string(specs[$0] ?? "")) })))
        }
        members.append(
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
                        // A fuzzer property judged on a corpus session (the library's
                        // checks): its names overlap the discrepancies', so it says so.
                        if identity.kind.family == .fuzz { members.append(("check", .string("property"))) }
                        members.append(("count", .int(accepted[identity] ?? 0)))
                        return .object(members)
                    })
            ))
        return .object(members)
    }

    /// Reads a baseline file's JSON.
    ///
    /// - Throws: ``JSONDecodingError`` at the JSON path of the first problem.
    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers(["format", "rules", "findings"])
        try node.requireMember("format", is: Self.format)
        var specs: [String: String] = [:]
        if let rules = try node.optionalMember("rules") {
            for (name, spec) in try rules.members() { specs[name] = try spec.string() }
        }
        let written = !specs.isEmpty
        var accepted: [FindingIdentity: Int] = [:]
        for entry in try node.member("findings").elements() {
            try entry.rejectUnknownMembers([
                "session", "sessionHash", "rule", "profiles", "kind", "event", "check", "count",
            ])
            var family = FindingKind.Family.replay
            if let check = try entry.optionalMember("check") {
                guard try check.string() == "property" else { throw check.mismatch("\"property\"") }
                family = .fuzz
            }
            let session = try entry.member("session").string()
            let sessionHash = try entry.member("sessionHash").string()
            var rule = try entry.member("rule").string()
            if !written {
                // Written before 0.3, with the full spec: known by the stable name now.
                let name = Self.stableName(rule)
                specs[name] = rule
                rule = name
            }
            let identity = FindingIdentity(
                session: session, sessionHash: sessionHash, rule: rule,
                profiles: try entry.member("profiles").elements().map { element throws(JSONDecodingError) in
                    try element.string()
                }, kind: try entry.member("kind").findingKind(family),
                event: try entry.optionalMember("event")?.count())
            let countNode = try entry.member("count")
            let count = try countNode.count()
            guard count > 0 else { throw countNode.mismatch("a count of at least 1") }
            let (sum, overflow) = accepted[identity, default: 0].addingReportingOverflow(count)
            guard !overflow else { throw countNode.mismatch("counts that sum to at most \(Int.max)") }
            accepted[identity] = sum
        }
        self.init(accepted: accepted, specs: specs)
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
