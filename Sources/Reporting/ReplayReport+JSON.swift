import Composition
import Graphemes
import HarnessJSON

extension ReplayReport {
    /// The documented JSON shape: `{"summary": {...}, "sessions": [...], "errors": [...]}`.
    public var json: JSONValue {
        .object([
            (
                "summary",
                .object([
                    ("unicodeVersion", .string(UnicodeVersions.unicode)), ("icuVersion", .string(UnicodeVersions.icu)),
                    ("profiles", .array(profiles.map(JSONValue.string))),
                    ("rules", .array(rules.map(JSONValue.string))),
                    ("sessions", .int(sessionCount)), ("eventsReplayed", .int(eventsReplayed)),
                    ("discrepancies", .int(discrepancyCount)),
                    ("byKind", .object(countsByKind.map { ($0.kind.rawValue, .int($0.count)) })),
                    ("errors", .int(errors.count)),
                ])
            ),
            (
                "sessions",
                .array(
                    results.map { result in
                        .object([
                            ("id", .string(result.sessionID)), ("rule", .string(result.rule)),
                            ("events", .int(result.eventCount)),
                            ("finalText", .object(result.finalText.map { ($0.profile, .string($0.text)) })),
                            ("discrepancies", .array(result.discrepancies.map(\.json))),
                        ])
                    })
            ),
            (
                "errors",
                .array(
                    errors.map { error in
                        var members: [(String, JSONValue)] = [("file", .string(error.file))]
                        if let line = error.line { members.append(("line", .int(line))) }
                        if let event = error.event { members.append(("event", .int(event))) }
                        members.append(("message", .string(error.message)))
                        return .object(members)
                    })
            ),
        ])
    }
}

extension Discrepancy {
    /// `{"kind": ..., "event": 2, "profiles": [...], "rule": ..., "message": ..., "details": {...}}`.
    public var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)), ("event", event.map(JSONValue.int) ?? .null),
            ("profiles", .array(profiles.map(JSONValue.string))), ("rule", .string(rule)),
            ("message", .string(message)), ("details", details),
        ])
    }
}
