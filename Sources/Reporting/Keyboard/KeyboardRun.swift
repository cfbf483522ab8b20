import Composition
import HarnessJSON
import KeyboardOverlap

/// Keyboard sessions replayed under profiles through handlers: what `ime-harness keyboard`
/// reports.
package struct KeyboardRun: Equatable, Sendable {
    /// The keyboard profiles, by name.
    package var profiles: [String]
    /// The handlers, as reports describe them.
    package var handlers: [HandlerDescription]
    package var sessionCount: Int
    /// One per (session, handler, profile) that applies, in that order.
    package var replays: [KeyboardReplay]
    package var errors: [SessionError]
    /// Sessions no handler could replay (another idiom, a layout none moves): listed, not failed.
    package var skipped: [String]
    /// For a fuzz campaign: what ran; its replays are the minimised counterexamples.
    package var fuzz: KeyboardFuzzResult?
    /// Which broken invariants fail the run (`keyboard --fail-on`): every one unless said
    /// otherwise; `rule` is the handler's, which every invariant is, `platform` none.
    package var gate: Gate = .all

    /// Replays every session under every profile of its idiom through every handler that
    /// moves its layout.
    package init(
        sessions: [KeyboardSession], profiles: [KeyboardProfile], handlers: [any KeyboardHandler],
        errors: [SessionError] = []
    ) {
        self.profiles = profiles.map(\.name)
        self.handlers = handlers.map(HandlerDescription.init)
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
        self.profiles = profiles.map(\.name)
        handlers = [HandlerDescription(handler)]
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

    /// A run as its results file holds it (`ime-harness report`).
    package init(
        profiles: [String], handlers: [HandlerDescription], sessionCount: Int, replays: [KeyboardReplay],
        errors: [SessionError], skipped: [String]
    ) {
        self.profiles = profiles
        self.handlers = handlers
        self.sessionCount = sessionCount
        self.replays = replays
        self.errors = errors
        self.skipped = skipped
    }

    /// A handler as reports describe it: its name, what it does, where it comes from.
    package struct HandlerDescription: Hashable, Sendable {
        package var name: String
        package var summary: String
        package var origin: String

        package init(name: String, summary: String, origin: String) {
            self.name = name
            self.summary = summary
            self.origin = origin
        }

        package init(_ handler: any KeyboardHandler) {
            self.init(name: handler.name, summary: handler.summary, origin: handler.origin)
        }
    }

    package var findingCount: Int { replays.reduce(0) { $0 + $1.findings.count } }

    /// Whether a broken `invariant` fails the run: its kind is the gate's.
    package func fails(_ invariant: KeyboardInvariant) -> Bool { gate.fails(.keyboard(invariant)) }

    /// The findings that fail the run: of a fuzz campaign, its counterexamples.
    package var failingCount: Int {
        if let fuzz { return fuzz.failures.filter { fails($0.invariant) }.count }
        return replays.reduce(0) { $0 + $1.findings.filter { fails($0.invariant) }.count }
    }

    /// 0 the run passes its ``gate``, 1 a broken invariant fails it, 2 a session could not
    /// be read.
    package var exitCode: Int32 { !errors.isEmpty ? 2 : failingCount > 0 ? 1 : 0 }

    /// `PASS` or `FAIL`, with the gate when it is not the default (`PASS (--fail-on none)`).
    package var verdictWord: String { (exitCode == 0 ? "PASS" : "FAIL") + gateNote }

    /// ` (--fail-on GATE)` when the gate is not the default, else nothing.
    package var gateNote: String { gate == .all ? "" : " (--fail-on \(gate.name))" }

    /// What the verdict rests on, in words.
    package var verdictDetail: String {
        if !errors.isEmpty { return "\(errors.count) session file(s) could not be read" }
        if let fuzz {
            let invariants = Set(fuzz.failures.map(\.invariant)).count
            return fuzz.failures.isEmpty
                ? "\(fuzz.handler) kept every invariant in \(fuzz.iterations) fuzzed sessions"
                : "\(fuzz.handler) breaks \(invariants) invariant(s) (\(fuzz.failures.count) minimised counterexamples in \(fuzz.iterations) sessions)"
        }
        if findingCount == 0 { return "every invariant held in \(replays.count) replays" }
        let failing = replays.filter { $0.findings.contains { fails($0.invariant) } }.count
        if failingCount == findingCount {
            return "\(findingCount) broken invariants in \(failing) of \(replays.count) replays"
        }
        if failingCount == 0 {
            let broken = replays.filter { !$0.findings.isEmpty }.count
            return "no broken invariant fails the run; \(findingCount) reported, not failing, in \(broken) of "
                + "\(replays.count) replays"
        }
        return "\(failingCount) broken invariants fail the run, in \(failing) of \(replays.count) replays; "
            + "\(findingCount - failingCount) more reported, not failing"
    }

    /// `PASS: …` or `FAIL: …`, the verdict line.
    package var headline: String { "\(verdictWord): \(verdictDetail)" }

    /// Per handler: replays, and findings by invariant.
    package var handlerSummary: [(handler: String, replays: Int, counts: [KeyboardInvariant: Int])] {
        handlers.map { handler in
            let mine = replays.filter { $0.handler == handler.name }
            var counts: [KeyboardInvariant: Int] = [:]
            for finding in mine.flatMap(\.findings) { counts[finding.invariant, default: 0] += 1 }
            return (handler.name, mine.count, counts)
        }
    }
}
