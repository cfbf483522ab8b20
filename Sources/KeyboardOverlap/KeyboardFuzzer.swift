import Composition
import Fuzzing
import HarnessJSON
import SeededRandom

/// A minimised keyboard session that breaks an invariant under one profile.
package struct KeyboardFuzzFailure: Hashable, Sendable {
    package var invariant: KeyboardInvariant
    package var profile: String
    /// The iteration that first failed (the seed and it regenerate the original session).
    package var iteration: Int
    package var originalEvents: Int
    /// The minimised session, `source.kind` `fuzz`.
    package var session: KeyboardSession
    /// The broken invariant as the minimised session shows it.
    package var message: String
}

/// What a keyboard fuzz campaign found.
package struct KeyboardFuzzResult: Hashable, Sendable {
    package var handler: String
    /// The keyboard profiles the sessions were replayed under, by name: what `report`
    /// replays the counterexamples under again (results written before 0.3.0 lack them,
    /// and are read with the failures' profiles).
    package var profiles: [String]
    package var seed: UInt64
    package var shards: [Shard]
    package var iterations: Int
    package var seconds: Double
    /// One per (invariant, profile): the failure of the lowest iteration.
    package var failures: [KeyboardFuzzFailure]

    package static let format = "ime-keyboard-fuzz/1"

    /// Shards of one campaign as one run: iterations and seconds summed, per (invariant,
    /// profile) the failure of the lowest iteration.
    package static func merging(_ results: [KeyboardFuzzResult]) throws(MergeError) -> KeyboardFuzzResult {
        guard let first = results.first else { throw .nothingToMerge }
        for result in results where result.handler != first.handler || result.seed != first.seed {
            throw .mismatched(
                "results of handler '\(result.handler)' seed \(result.seed) and handler '\(first.handler)' seed \(first.seed)"
            )
        }
        for result in results where result.profiles != first.profiles {
            throw .mismatched(
                "results under profiles \(result.profiles.joined(separator: ", ")) and \(first.profiles.joined(separator: ", "))"
            )
        }
        let totals = try MergeError.totals(results.map { ($0.shards, $0.iterations, $0.seconds) })
        var best: [String: KeyboardFuzzFailure] = [:]
        for failure in results.flatMap(\.failures) {
            let key = "\(failure.invariant.rawValue) \(failure.profile)"
            if best[key].map({ failure.iteration < $0.iteration }) ?? true { best[key] = failure }
        }
        return KeyboardFuzzResult(
            handler: first.handler, profiles: first.profiles, seed: first.seed, shards: totals.shards,
            iterations: totals.iterations,
            seconds: totals.seconds, failures: best.values.sorted(by: KeyboardFuzzer.order))
    }

    package var json: JSONValue {
        .object([
            ("format", .string(Self.format)), ("handler", .string(handler)),
            ("profiles", .array(profiles.map(JSONValue.string))), ("seed", .unsignedInteger(seed)),
            ("shards", .array(shards.map { .string($0.description) })), ("iterations", .int(iterations)),
            ("seconds", .double(seconds)),
            (
                "failures",
                .array(
                    failures.map { failure in
                        .object([
                            ("invariant", .string(failure.invariant.rawValue)), ("profile", .string(failure.profile)),
                            ("iteration", .int(failure.iteration)), ("originalEvents", .int(failure.originalEvents)),
                            ("message", .string(failure.message)), ("session", failure.session.json),
                        ])
                    })
            ),
        ])
    }

    package init(
        handler: String, profiles: [String], seed: UInt64, shards: [Shard], iterations: Int, seconds: Double,
        failures: [KeyboardFuzzFailure]
    ) {
        self.handler = handler
        self.profiles = profiles
        self.seed = seed
        self.shards = shards
        self.iterations = iterations
        self.seconds = seconds
        self.failures = failures
    }

    package init(json node: JSONNode) throws(JSONDecodingError) {
        try node.rejectUnknownMembers([
            "format", "handler", "profiles", "seed", "shards", "iterations", "seconds", "failures",
        ])
        try node.requireMember("format", is: Self.format)
        handler = try node.member("handler").string()
        seed = try node.member("seed").unsignedInteger()
        shards = try node.member("shards").elements().map { node throws(JSONDecodingError) in
            guard let shard = Shard(parsing: try node.string()) else { throw node.mismatch("a shard I/N") }
            return shard
        }
        iterations = try node.member("iterations").count()
        seconds = try node.member("seconds").nonNegativeNumber()
        failures = try node.member("failures").elements().map { node throws(JSONDecodingError) in
            try node.rejectUnknownMembers(["invariant", "profile", "iteration", "originalEvents", "message", "session"])
            return KeyboardFuzzFailure(
                invariant: try node.member("invariant").choice(KeyboardInvariant.self),
                profile: try node.member("profile").string(), iteration: try node.member("iteration").count(),
                originalEvents: try node.member("originalEvents").count(),
                session: try KeyboardSession(json: try node.member("session")),
                message: try node.member("message").string())
        }
        if let listed = try node.optionalMember("profiles") {
            profiles = try listed.elements().map { element throws(JSONDecodingError) in try element.string() }
            for (index, failure) in failures.enumerated() where !profiles.contains(failure.profile) {
                throw try node.member("failures").elements()[index].member("profile").mismatch(
                    "one of the campaign's profiles (\(profiles.joined(separator: ", ")))")
            }
        } else {
            var named: [String] = []
            for failure in failures where !named.contains(failure.profile) { named.append(failure.profile) }
            profiles = named
        }
    }
}

/// Generates keyboard sessions, replays them through a handler under every profile of
/// their idiom, and minimises each broken invariant to a few events.
///
/// Sessions are what a user does to the keyboard around a form: focus fields (again, or
/// another), switch input modes (letters, emoji, Pinyin, Zhuyin, kana, Korean, number
/// pad), show or hide the QuickType bar, rotate, drag the keyboard down; on iPad also
/// undock, split or float it, attach a hardware keyboard, resize the window (Split View,
/// Slide Over, Stage Manager) and let another app take the keyboard. Layouts are ones the
/// handler moves, with fields a user can see at rest. Deterministic: a seed and an
/// iteration give the same session.
package struct KeyboardFuzzer: Sendable {
    package let handler: any KeyboardHandler
    package let profiles: [KeyboardProfile]
    private let replayer = KeyboardReplayer()

    /// How many failures of one (invariant, profile) are minimised; later ones are counted only.
    static let examinedPerFailure = 1

    package init(handler: any KeyboardHandler, profiles: [KeyboardProfile]) {
        self.handler = handler
        self.profiles = profiles
    }

    static func order(_ lhs: KeyboardFuzzFailure, _ rhs: KeyboardFuzzFailure) -> Bool {
        (lhs.invariant.rawValue, lhs.profile, lhs.iteration) < (rhs.invariant.rawValue, rhs.profile, rhs.iteration)
    }

    /// The idioms the campaign's profiles cover, in a fixed order.
    private var idioms: [KeyboardProfile.Idiom] {
        KeyboardProfile.Idiom.allCases.filter { idiom in profiles.contains { $0.idiom == idiom } }
    }

    /// The session of iteration `iteration` of `seed`.
    package func session(seed: UInt64, iteration: Int) -> KeyboardSession {
        var mixer = SplitMix64(seed: seed &+ UInt64(iteration) &* 0x9E37_79B9_7F4A_7C15)
        var rng = SplitMix64(seed: mixer.next())
        let idioms = self.idioms
        let idiom = idioms.isEmpty ? .phone : idioms[rng.below(idioms.count)]
        let kinds = AppLayout.Kind.allCases.filter(handler.layouts.contains)
        let kind = kinds.isEmpty ? .fixed : kinds[rng.below(kinds.count)]
        let screen = (profiles.first { $0.idiom == idiom } ?? profiles[0]).screen(.portrait)
        var window: Rect?
        if idiom == .pad, rng.chance(50) { window = Self.window(&rng, screen: screen) }
        let frame = window ?? screen
        let layout = Self.layout(&rng, kind: kind, width: frame.width, height: frame.height, idiom: idiom)
        var events: [KeyboardEvent] = []
        let count = 1 + rng.below(12)
        for _ in 0..<count { events.append(Self.event(&rng, idiom: idiom, layout: layout, screen: screen)) }
        return KeyboardSession(
            id: "fuzz", source: Session.Source(kind: .fuzz, detail: ""), idiom: idiom, orientation: .portrait,
            window: window, layout: layout, inputMode: rng.chance(70) ? .letters : InputMode.allCases[rng.below(7)],
            quickType: rng.chance(70), events: events)
    }

    /// A window a multitasking iPad gives an app: Split View halves and thirds, Slide Over,
    /// a Stage Manager window (at least 640 points tall, as the system's smallest windows).
    private static func window(_ rng: inout SplitMix64, screen: Rect) -> Rect {
        switch rng.below(4) {
        case 0: return Rect(x: 0, y: 0, width: (screen.width / 2).rounded(.down), height: screen.height)
        case 1:
            let width = (screen.width / 3).rounded(.down)
            return Rect(x: screen.width - width, y: 0, width: width, height: screen.height)
        case 2:
            // Slide Over: 320 points wide, 20 from the edge, on any screen a profile may have
            // (``KeyboardProfile/smallestScreen``: narrower on the narrowest).
            let width = min(320, screen.width - 40)
            return Rect(x: screen.width - width - 20, y: 24, width: width, height: screen.height - 48)
        default:
            // A Stage Manager window of at least 400×640 points, or the screen where smaller.
            let height = rng.points(min(640, Int(screen.height))...Int(screen.height))
            let width = rng.points(min(400, Int(screen.width))...Int(screen.width))
            return Rect(
                x: rng.points(0...Int(screen.width - width)), y: rng.points(0...Int(screen.height - height)),
                width: width, height: height)
        }
    }

    /// One to three fields a user sees at rest; a pinned container's fields within 120
    /// points of the bottom (a container taller than the space above a keyboard cannot be
    /// shown by moving it, whatever the handler).
    private static func layout(
        _ rng: inout SplitMix64, kind: AppLayout.Kind, width: Double, height: Double, idiom: KeyboardProfile.Idiom
    ) -> AppLayout {
        let count = 1 + rng.below(3)
        let inset = idiom == .phone ? 16.0 : 40.0
        let fieldWidth = max(44, min(360, width - 2 * inset))
        var fields: [AppLayout.Field] = []
        let range: ClosedRange<Int> =
            switch kind {
            case .pinned: Int(height) - 164...Int(height) - 64
            case .fixed: Int(height * 0.25)...Int(height) - 64
            case .scroll: Int(height * 0.25)...Int(height) - 150
            }
        for index in 0..<count {
            fields.append(
                AppLayout.Field(
                    id: ["name", "email", "password"][index],
                    frame: Rect(x: inset, y: rng.points(range), width: fieldWidth, height: 44)))
        }
        let contentHeight = kind == .scroll ? height + rng.points(0...600) : 0
        return AppLayout(kind: kind, fields: fields, contentHeight: contentHeight)
    }

    private static func event(
        _ rng: inout SplitMix64, idiom: KeyboardProfile.Idiom, layout: AppLayout, screen: Rect
    ) -> KeyboardEvent {
        // Weights: focus 6, dismiss 3, input mode 5, QuickType 3, rotation 1, interactive
        // dismissal 1; on iPad also placement 3, hardware keyboard 2, window 1, other app 2.
        let weights = idiom == .phone ? [6, 3, 5, 3, 1, 1] : [6, 3, 5, 3, 1, 1, 3, 2, 1, 2]
        var roll = rng.below(weights.reduce(0, +))
        var choice = 0
        while roll >= weights[choice] {
            roll -= weights[choice]
            choice += 1
        }
        switch choice {
        case 0: return .focus(layout.fields[rng.below(layout.fields.count)].id)
        case 1: return .dismiss
        case 2: return .inputMode(InputMode.allCases[rng.below(InputMode.allCases.count)])
        case 3: return .quickType(rng.chance(50))
        case 4: return .rotate(rng.chance(50) ? .landscape : .portrait)
        case 5: return .interactiveDismiss(1 + rng.below(4))
        case 6: return .placement(Placement.allCases[rng.below(Placement.allCases.count)])
        case 7: return .hardwareKeyboard(rng.chance(50))
        case 8: return .window(window(&rng, screen: screen))
        default: return .otherApp(rng.chance(50))
        }
    }

    /// The broken invariants of `session`, per profile of its idiom.
    package func failures(_ session: KeyboardSession) -> [(profile: String, finding: KeyboardFinding)] {
        var found: [(String, KeyboardFinding)] = []
        for profile in profiles where replayer.applies(session, profile: profile, handler: handler) {
            for finding in replayer.replay(session, profile: profile, handler: handler).findings {
                found.append((profile.name, finding))
            }
        }
        return found
    }

    /// Whether `session` breaks `invariant` under the profile named `profile`.
    package func fails(_ session: KeyboardSession, invariant: KeyboardInvariant, profile: String) -> Bool {
        guard let profile = profiles.first(where: { $0.name == profile }),
            replayer.applies(session, profile: profile, handler: handler)
        else { return false }
        return replayer.replay(session, profile: profile, handler: handler).findings.contains {
            $0.invariant == invariant
        }
    }

    /// The smallest session the shrinker finds that still breaks `invariant` under `profile`:
    /// fewer events, simpler events, then no window of its own, fewer fields, the default
    /// keyboard.
    package func shrink(_ session: KeyboardSession, invariant: KeyboardInvariant, profile: String) -> KeyboardSession {
        var best = session
        func failing(_ events: [KeyboardEvent]) -> Bool {
            var candidate = best
            candidate.events = events
            return fails(candidate, invariant: invariant, profile: profile)
        }
        best.events = DeltaShrinker(
            isPlausible: { _ in true }, simplifications: Self.simplifications(of:), fails: failing, budget: 2000
        ).shrink(best.events)
        var candidates: [(inout KeyboardSession) -> Void] = [
            { $0.window = nil }, { $0.inputMode = .letters }, { $0.quickType = true },
        ]
        for field in session.layout.fields {
            candidates.append { session in
                let used = session.events.contains { if case .focus(field.id) = $0 { true } else { false } }
                if !used, session.layout.fields.count > 1 { session.layout.fields.removeAll { $0.id == field.id } }
            }
        }
        for simplify in candidates {
            var candidate = best
            simplify(&candidate)
            if candidate != best, fails(candidate, invariant: invariant, profile: profile) { best = candidate }
        }
        return best
    }

    static func simplifications(of event: KeyboardEvent) -> [KeyboardEvent] {
        switch event {
        case .interactiveDismiss(let steps) where steps > 1: [.interactiveDismiss(1), .dismiss]
        case .interactiveDismiss: [.dismiss]
        case .inputMode(let mode) where mode != .emoji && mode != .letters: [.inputMode(.emoji), .inputMode(.letters)]
        default: []
        }
    }

    /// The saved counterexamples of this handler (`source.detail` ends `Handler: NAME`)
    /// that still break their invariant under their profile: the failure database,
    /// replayed before anything is generated.
    package func recheck(_ saved: [KeyboardSession]) -> [KeyboardFuzzFailure] {
        saved.compactMap { session in
            let detail = session.source.detail
            let prefix = "fuzz counterexample of "
            guard session.source.kind == .fuzz, detail.hasPrefix(prefix),
                detail.hasSuffix(". Handler: \(handler.name)"),
                let invariant = KeyboardInvariant(
                    rawValue: String(detail.dropFirst(prefix.count).prefix { $0 != " " })),
                let under = detail.range(of: " under "),
                case let profile = String(detail[under.upperBound...].prefix { $0 != " " }),
                fails(session, invariant: invariant, profile: profile)
            else { return nil }
            let iteration = detail.range(of: "iteration ").flatMap {
                Int(detail[$0.upperBound...].prefix { $0.isNumber })
            }
            let replay = profiles.first { $0.name == profile }.map {
                replayer.replay(session, profile: $0, handler: handler)
            }
            return KeyboardFuzzFailure(
                invariant: invariant, profile: profile, iteration: iteration ?? 0, originalEvents: session.events.count,
                session: session, message: replay?.findings.first { $0.invariant == invariant }?.message ?? "")
        }
    }

    /// Runs iterations of `shard` from 0 until `iterations` (global count) or `seconds` run
    /// out, or `maxFailures` distinct failures are kept; `saved` failures (``recheck(_:)``)
    /// count as found before the first iteration.
    package func run(
        seed: UInt64, iterations: Int?, seconds: Double?, shard: Shard = .all, maxFailures: Int? = nil,
        saved: [KeyboardFuzzFailure] = [], progress: ((Int, Int) -> Void)? = nil
    ) -> KeyboardFuzzResult {
        let clock = Stopwatch()
        var found: [String: KeyboardFuzzFailure] = [:]
        for failure in saved { found["\(failure.invariant.rawValue) \(failure.profile)"] = failure }
        let done = shard.run(
            iterations: iterations, seconds: seconds, clock: clock, clockEvery: 16, progressEvery: 500,
            enough: { maxFailures.map { found.count >= $0 } ?? false }, progress: { progress?($0, found.count) },
            body: { iteration in
                let session = self.session(seed: seed, iteration: iteration)
                for (profile, finding) in failures(session) {
                    let key = "\(finding.invariant.rawValue) \(profile)"
                    guard found[key] == nil else { continue }
                    var minimal = shrink(session, invariant: finding.invariant, profile: profile)
                    let replay = profiles.first { $0.name == profile }.map {
                        replayer.replay(minimal, profile: $0, handler: handler)
                    }
                    let message =
                        replay?.findings.first { $0.invariant == finding.invariant }?.message ?? finding.message
                    minimal.id = Self.sessionID(
                        handler: handler.name, invariant: finding.invariant, profile: profile, seed: seed,
                        iteration: iteration)
                    minimal.source = Session.Source(
                        kind: .fuzz,
                        detail:
                            "fuzz counterexample of \(finding.invariant.rawValue) under \(profile) (seed \(seed), iteration \(iteration), \(session.events.count) events, minimised): \(message). Handler: \(handler.name)"
                    )
                    found[key] = KeyboardFuzzFailure(
                        invariant: finding.invariant, profile: profile, iteration: iteration,
                        originalEvents: session.events.count, session: minimal, message: message)
                }
            })
        return KeyboardFuzzResult(
            handler: handler.name, profiles: profiles.map(\.name), seed: seed, shards: [shard], iterations: done,
            seconds: clock.seconds,
            failures: found.values.sorted(by: Self.order))
    }

    /// A stable id (and file name) for a counterexample.
    static func sessionID(
        handler: String, invariant: KeyboardInvariant, profile: String, seed: UInt64, iteration: Int
    ) -> String {
        "fuzz-\(handler)-\(invariant.rawValue)-\(profile)-s\(seed)-i\(iteration)"
    }
}
