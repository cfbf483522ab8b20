import Composition
import HarnessJSON

/// Keyboard sessions replayed under profiles through handlers: what `ime-harness keyboard`
/// reports.
package struct KeyboardRun: Sendable {
    package var profiles: [KeyboardProfile]
    package var handlers: [any KeyboardHandler]
    package var sessionCount: Int
    /// One per (session, handler, profile) that applies, in that order.
    package var replays: [KeyboardReplay]
    package var errors: [SessionError]
    /// Sessions no handler could replay (another idiom, a layout none moves): listed, not failed.
    package var skipped: [String]
    /// For a fuzz campaign: what ran; its replays are the minimised counterexamples.
    package var fuzz: KeyboardFuzzResult?

    /// Replays every session under every profile of its idiom through every handler that
    /// moves its layout.
    package init(
        sessions: [KeyboardSession], profiles: [KeyboardProfile], handlers: [any KeyboardHandler],
        errors: [SessionError] = []
    ) {
        self.profiles = profiles
        self.handlers = handlers
        self.errors = errors
        sessionCount = sessions.count
        let replayer = KeyboardReplayer()
        var replays: [KeyboardReplay] = []
        var skipped: [String] = []
        for session in sessions {
            var any = false
            for handler in handlers {
                for profile in profiles where replayer.applies(session, profile: profile, handler: handler) {
                    replays.append(replayer.replay(session, profile: profile, handler: handler))
                    any = true
                }
            }
            if !any { skipped.append(session.id) }
        }
        self.replays = replays
        self.skipped = skipped
    }

    /// A fuzz campaign's counterexamples, each replayed under the profile it fails.
    package init(fuzz: KeyboardFuzzResult, profiles: [KeyboardProfile], handler: any KeyboardHandler) {
        self.profiles = profiles
        handlers = [handler]
        errors = []
        skipped = []
        self.fuzz = fuzz
        sessionCount = fuzz.failures.count
        let replayer = KeyboardReplayer()
        replays = fuzz.failures.compactMap { failure in
            profiles.first { $0.name == failure.profile }.map {
                replayer.replay(failure.session, profile: $0, handler: handler)
            }
        }
    }

    package var findingCount: Int { replays.reduce(0) { $0 + $1.findings.count } }

    /// 0 every invariant held, 1 one broke, 2 a session could not be read.
    package var exitCode: Int32 {
        !errors.isEmpty ? 2 : findingCount > 0 || fuzz.map({ !$0.failures.isEmpty }) == true ? 1 : 0
    }

    /// `PASS: …` or `FAIL: …`, the verdict line.
    package var headline: String {
        let failing = replays.filter { !$0.findings.isEmpty }.count
        if !errors.isEmpty { return "FAIL: \(errors.count) session file(s) could not be read" }
        if let fuzz {
            let invariants = Set(fuzz.failures.map(\.invariant)).count
            return fuzz.failures.isEmpty
                ? "PASS: \(fuzz.handler) kept every invariant in \(fuzz.iterations) fuzzed sessions"
                : "FAIL: \(fuzz.handler) breaks \(invariants) invariant(s) (\(fuzz.failures.count) minimised counterexamples in \(fuzz.iterations) sessions)"
        }
        return findingCount == 0
            ? "PASS: every invariant held in \(replays.count) replays"
            : "FAIL: \(findingCount) broken invariants in \(failing) of \(replays.count) replays"
    }

    /// Per handler: replays, and findings by invariant.
    package var handlerSummary: [(handler: String, replays: Int, counts: [KeyboardInvariant: Int])] {
        handlers.map { handler in
            let mine = replays.filter { $0.handler == handler.name }
            var counts: [KeyboardInvariant: Int] = [:]
            for finding in mine.flatMap(\.findings) { counts[finding.invariant, default: 0] += 1 }
            return (handler.name, mine.count, counts)
        }
    }

    // MARK: JSON

    package var json: JSONValue {
        .object([
            ("format", .string("ime-keyboard-results/1")),
            ("verdict", .string(findingCount == 0 && errors.isEmpty ? "pass" : "fail")),
            ("sessions", .int(sessionCount)), ("profiles", .array(profiles.map { .string($0.name) })),
            ("handlers", .array(handlers.map { .string($0.name) })),
            ("errors", .array(errors.map { .string($0.description) })),
            ("skipped", .array(skipped.map { .string($0) })),
            (
                "replays",
                .array(
                    replays.map { replay in
                        .object([
                            ("session", .string(replay.sessionID)), ("profile", .string(replay.profile)),
                            ("handler", .string(replay.handler)),
                            (
                                "findings",
                                .array(
                                    replay.findings.map { finding in
                                        .object([
                                            ("invariant", .string(finding.invariant.rawValue)),
                                            ("event", .int(finding.event)), ("message", .string(finding.message)),
                                        ])
                                    })
                            ),
                            ("steps", .array(replay.steps.map(Self.stepJSON))),
                        ])
                    })
            ),
        ])
    }

    static func stepJSON(_ step: KeyboardStep) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("event", .int(step.event)), ("op", .string(step.brief)),
            (
                "notifications",
                .array(
                    step.deliveries.map { delivery in
                        var members: [(String, JSONValue)]
                        if let notification = delivery.notification {
                            members = [
                                ("name", .string(notification.name.rawValue)), ("begin", notification.begin.json),
                                ("end", notification.end.json), ("isLocal", .bool(notification.isLocal)),
                            ]
                        } else {
                            members = [
                                ("name", .string("textDidBeginEditing")), ("field", .string(delivery.field ?? "")),
                            ]
                        }
                        return .object(members + [("writes", .array(delivery.writes.map { .string($0) }))])
                    })
            ),
        ]
        if let snapshot = step.snapshot {
            var picture: [(String, JSONValue)] = [
                ("screen", snapshot.screen.json), ("window", snapshot.window.json),
                ("systemWindow", snapshot.systemWindow.json),
            ]
            if let keyboard = snapshot.keyboard { picture.append(("keyboard", keyboard.json)) }
            if let field = snapshot.field { picture.append(("field", field.json)) }
            if let visible = snapshot.visible { picture.append(("visible", visible.json)) }
            members.append(("after", .object(picture)))
        }
        return .object(members)
    }
}
