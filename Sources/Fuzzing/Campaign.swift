import Composition
import Foundation
import Graphemes
import HarnessJSON
import SeededRandom

/// Which slice of the iteration space a run covers: iterations `i` with
/// `i % count == index - 1`. Shards 1/N … N/N together cover exactly what 1/1 covers.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    package var index: Int
    package var count: Int

    package init(_ index: Int, of count: Int) {
        self.index = index
        self.count = count
    }

    package static let all = Shard(1, of: 1)

    /// `I/N`.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index, of: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// Whether the shard covers iteration `iteration` (0-based).
    package func covers(_ iteration: Int) -> Bool { iteration % count == index - 1 }

    /// Runs `body` on the shard's iterations from the first, until `iterations` (a global
    /// count) or `seconds` run out (the clock read every `clockEvery` iterations), or
    /// `enough` says the campaign has found what it may keep (asked before and after
    /// each iteration); `progress` hears the count done every `progressEvery` iterations.
    /// Returns how many iterations ran: every campaign (text and keyboard fuzzing) runs
    /// this one loop.
    package func run(
        iterations: Int?, seconds: Double?, clock: Stopwatch, clockEvery: Int, progressEvery: Int,
        enough: () -> Bool, progress: (Int) -> Void, body: (_ iteration: Int) -> Void
    ) -> Int {
        var done = 0
        var iteration = index - 1
        while iterations.map({ iteration < $0 }) ?? true {
            if let seconds, done % clockEvery == 0, clock.seconds >= seconds { break }
            if enough() { break }
            body(iteration)
            done += 1
            if done % progressEvery == 0 { progress(done) }
            // The next iteration of this shard; past `Int.max` there is none (`--shard
            // 2/9223372036854775807` covers one iteration, not an overflow).
            let (next, overflow) = iteration.addingReportingOverflow(count)
            if overflow || enough() { break }
            iteration = next
        }
        return done
    }
}

/// Seconds since it was made, on the monotonic clock: how long a campaign has run.
package struct Stopwatch: Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds

    package init() {}

    package var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}

/// A minimised counterexample.
package struct FuzzFailure: Equatable, Sendable {
    package var property: FuzzProperty
    /// The iteration that first failed (the seed and it regenerate the original session).
    package var iteration: Int
    package var originalEvents: Int
    /// The minimised session, a valid `ime-session/1` with `source.kind` `fuzz`.
    package var session: Session
    /// The failure as the minimised session shows it.
    package var detail: PropertyFailure
    /// Its root cause: what tells this failure from others of the same property (see
    /// ``Fuzzer/rootCause(of:traces:)``). One failure is kept per root cause.
    package var shape: String
    /// The other examined iterations whose minimised failures have the same root cause,
    /// ascending: `1 + alsoAt.count` minimised failures share it.
    package var alsoAt: [Int] = []

    /// How many minimised failures share the root cause.
    package var sharedBy: Int { 1 + alsoAt.count }

    /// `root cause: SHAPE (N minimised failures share it)`, for people.
    package var rootCauseLine: String {
        "root cause: \(shape) (" + (sharedBy == 1 ? "1 minimised failure" : "\(sharedBy) minimised failures share it")
            + ")"
    }
    /// The minimised session replayed with the rule, one trace per profile, so a report
    /// can show what happened to the field at each event.
    package var traces: [Trace]
}

/// What a campaign found.
package struct FuzzResult: Equatable, Sendable {
    package var rule: String
    package var seed: UInt64
    package var shards: [Shard]
    package var iterations: Int
    package var seconds: Double
    /// The properties checked (those that apply to the rule's contract).
    package var properties: [FuzzProperty]
    /// Per property, the iterations whose failures were minimised: the first
    /// ``Fuzzer/examinedPerProperty`` that failed it, ascending.
    package var examined: [FuzzProperty: [Int]]
    /// Per property (in ``FuzzProperty/allCases`` order), one failure of each root cause
    /// among the examined iterations, the earliest first, each naming the other iterations
    /// that share its root cause.
    package var failures: [FuzzFailure]

    /// The properties that failed, in a stable order.
    package var failedProperties: [FuzzProperty] {
        FuzzProperty.allCases.filter { property in failures.contains { $0.property == property } }
    }

    /// Keeps, per property, the failures of the first ``Fuzzer/examinedPerProperty`` examined
    /// iterations, one per root cause (the earliest, naming the later iterations that share
    /// it), at most ``Fuzzer/keptPerProperty`` root causes, in property then iteration
    /// order: what a run keeps, and what merged shards keep.
    static func distinct(_ failures: [FuzzFailure], examined: [FuzzProperty: [Int]]) -> [FuzzFailure] {
        FuzzProperty.allCases.flatMap { property in
            let first = (examined[property] ?? []).sorted().prefix(Fuzzer.examinedPerProperty)
            let last = first.count == Fuzzer.examinedPerProperty ? first.last ?? .max : .max
            var kept: [FuzzFailure] = []
            var causes: [String: Int] = [:]
            for failure in failures.filter({ $0.property == property && $0.iteration <= last })
                .sorted(by: { $0.iteration < $1.iteration })
            {
                let sharing = [failure.iteration] + failure.alsoAt.filter { $0 <= last }
                if let index = causes[failure.shape] {
                    kept[index].alsoAt = Array(Set(kept[index].alsoAt + sharing)).sorted()
                } else {
                    causes[failure.shape] = kept.count
                    var representative = failure
                    representative.alsoAt = Array(Set(sharing.dropFirst())).sorted()
                    kept.append(representative)
                }
            }
            return kept.prefix(Fuzzer.keptPerProperty)
        }
    }
}

/// Generates sessions for one rule, replays them under every profile, checks the rule's
/// properties and shrinks failures.
///
/// One failure must not hide another: per property, the first ``examinedPerProperty``
/// failing sessions are minimised, and the first ``keptPerProperty`` distinct
/// ``rootCause(of:traces:)``s among them are kept. Minimising is cheap (a few milliseconds), so a rule that fails everywhere costs
/// at most that many shrinks per property.
///
/// Iteration `i` of seed `s` is generated from its own generator, seeded from `s` and
/// `i`, so any iteration can be regenerated alone, and shards split the work exactly.
/// A class because it owns a ``Replayer``; use one per thread.
package final class Fuzzer {
    package let rule: any InputRule
    package let profiles: [PlatformProfile]
    let generator: SessionGenerator
    let replayer: Replayer
    let checker: PropertyChecker
    /// The profiles that make multi-range edits and their checker, when some of the
    /// campaign's do not (iOS 18): a session with a `replaceRanges` event is replayed and
    /// judged under those alone, so that no failure rests on an edit a platform never
    /// makes (``PlatformProfile/multiRangeEdits``).
    let multiRangeJudges: (profiles: [PlatformProfile], checker: PropertyChecker)?
    /// The field's keyboard, when the campaign types on one other than the default.
    package let keyboard: KeyboardKeys?

    /// A fuzzer of `rule`; with a `keyboard`, sessions type only its keys (pastes aside), on
    /// a device set to its region (``InputRule/onDevice(region:)``).
    package init(rule: any InputRule, profiles: [PlatformProfile], inventory: Inventory, keyboard: KeyboardKeys? = nil)
        throws(ICUError)
    {
        let rule = rule.onDevice(region: keyboard?.region)
        self.rule = rule
        self.profiles = profiles
        self.keyboard = keyboard
        generator = SessionGenerator(inventory: inventory, limit: rule.contract.limit?.count, keyboard: keyboard)
        replayer = try Replayer()
        let analyzer = try TextAnalyzer()
        checker = PropertyChecker(
            contract: rule.contract, profiles: profiles, analyzer: analyzer, typesOnAPad: keyboard?.isPad ?? false)
        let multiRange = profiles.filter(\.multiRangeEdits)
        multiRangeJudges =
            multiRange.count == profiles.count
            ? nil
            : (
                multiRange,
                PropertyChecker(
                    contract: rule.contract, profiles: multiRange, analyzer: analyzer,
                    typesOnAPad: keyboard?.isPad ?? false)
            )
        presented =
            keyboard == nil
            ? SessionGenerator.families.filter { family in
                profiles.contains { $0.presentation(of: family) != .markedText }
            } : []
    }

    /// What a generated session is typed into, besides its events.
    package struct SessionTraits: Hashable, Sendable {
        /// The session's input-method family.
        package var ime: InputMethodFamily = .other
        /// Whether the field is secure (``Session/secureTextEntry``).
        package var secure = false

        package init(ime: InputMethodFamily = .other, secure: Bool = false) {
            self.ime = ime
            self.secure = secure
        }
    }

    /// The input-method families some profile presents other than as marked text (the
    /// shipped iOS profiles: Korean, as last-syllable edits): a quarter of the sessions
    /// type one of them alone, as that family, so its presentation is fuzzed too.
    let presented: [InputMethodFamily]

    /// What iteration `iteration` of `seed` types into: the input-method family (`.other`,
    /// every input method mixed, or one of ``presented``) and whether the field is secure
    /// (one session in eight: typed on its keys, refocused, and cleared by the first key),
    /// drawn apart from the events' own generator so that the other sessions are what they
    /// were before these were drawn.
    package func traits(seed: UInt64, iteration: Int) -> SessionTraits {
        var mixer = SplitMix64(seed: seed &+ UInt64(iteration) &* 0xD1B5_4A32_D192_ED03)
        _ = mixer.next()
        let draw = mixer.next()
        let secure = (draw >> 40) % 8 == 0
        guard !presented.isEmpty, !secure, draw % 4 == 0 else { return SessionTraits(secure: secure) }
        return SessionTraits(ime: presented[Int((draw / 4) % UInt64(presented.count))])
    }

    /// Each legacy rule of the catalogue, with parameters that make its bug reachable, and
    /// the property its documented failure breaks: what the tests and the benchmark ask
    /// the fuzzer to find.
    package static let documentedFailures: [(spec: String, property: FuzzProperty)] = [
        ("legacy-lxd-number", .typedTextLost), ("legacy-lxd-decimal", .promiseBroken),
        ("legacy-lxd-character", .disallowedClass), ("legacy-lxd-emoji", .typedTextLost),
        ("legacy-lxd-no-emoji", .disallowedClass), ("legacy-input-filter:max-length=6", .typedTextLost),
        ("legacy-input-filter:regex=^[a-zA-Z0-9]+$", .deletionBlocked), ("legacy-count-limit:limit=20", .typedTextLost),
        ("legacy-numeric-field", .committedTextLost), ("legacy-marked-guard-limit:limit=6", .limitExceeded),
        ("legacy-truncate-count:limit=6", .brokenText), ("legacy-truncate-marked-aware:limit=6", .brokenText),
    ]

    /// How many failing sessions per property a run minimises, looking for distinct failures.
    package static let examinedPerProperty = 16

    /// At most this many root causes are kept per property, the earliest.
    package static let keptPerProperty = 5

    /// A failure's root cause: the property, and what the rule decided at the failing call
    /// — the call's shape (an insertion or paste, a marked-text update, a commit, a
    /// deletion, a multi-range edit, undo, the editing lifecycle, the app's own assignment;
    /// "an edit" for a rewrite alone, which a handler makes from the text and not the call)
    /// and the rule's answer (refused, rewrote, crashed, accepted) — and, for
    /// `disallowed-class`, the classes of the text the call brought, the input class that
    /// matters there (a filter that lets Han through and one that lets emoji through are
    /// two bugs): e.g. `typed-text-lost at a commit: refused`. Not the message, nor the
    /// profile, nor the texts around, nor for the other properties which characters: a
    /// limiter that refuses a commit of 中 and of 😀 alike has one bug, reported once.
    package static func rootCause(of failure: PropertyFailure, traces: [Trace]) -> String {
        let trace = traces.first { $0.profile == failure.profile } ?? traces.first
        guard let index = failure.event, let step = trace?.steps.first(where: { $0.eventIndex == index }) else {
            return "\(failure.property.rawValue) over the whole session"
        }
        let answer =
            step.ruleFault != nil
            ? "crashed"
            : !step.accepted
                ? (step.rewrittenTo != nil ? "refused and rewrote" : "refused")
                : step.rewrittenTo != nil ? "rewrote" : "accepted"
        var classes: Set<ClusterClass> = []
        switch failure.property == .disallowedClass ? step.event : .unmarkText {
        case .setMarkedText(let text, _), .insertText(let text), .replace(_, let text), .replaceRanges(_, let text),
            .setText(let text):
            text.forEachCluster { classes.insert($0.classification.clusterClass) }
        default: break
        }
        let names = ClusterClass.allCases.filter(classes.contains).map(\.rawValue)
        // A rewrite alone is an `editingChanged` handler's (or a formatter's) doing: it sees
        // the text the change left, not the call, so what made the change is no part of its
        // bug. A refused deletion is a deletion, whatever event asked for it.
        // Text the contract allows refused is one bug whether a key, a paste or a
        // composition brought it (a limit that forgets the range it replaces refuses all
        // three); the counterexample shows which.
        var shape =
            answer == "rewrote"
            ? "an edit"
            : failure.property == .deletionBlocked ? "a deletion" : callShape(step.event, before: step.before)
        if failure.property == .typedTextLost, shape == "a commit" || shape == "an insertion or paste" {
            shape = "a commit, insertion or paste"
        }
        return "\(failure.property.rawValue) at \(shape): \(answer)"
            + (names.isEmpty ? "" : " [\(names.joined(separator: " "))]")
    }

    /// What kind of call an event makes of the rule, in words: as the rule sees it, so a
    /// key typed and a paste, which reach a delegate alike (text for a range), are one shape,
    /// and so are the events that replace something with nothing (a deletion).
    static func callShape(_ event: SessionEvent, before: FieldState) -> String {
        switch event {
        case .insertText(let text):
            text.isEmpty ? "a deletion" : before.markedRange == nil ? "an insertion or paste" : "a commit"
        case .setMarkedText(let text, _): text.isEmpty ? "a deletion" : "a marked-text update"
        case .unmarkText: "a commit"
        case .deleteBackward: "a deletion"
        case .replace(_, let text): text.isEmpty ? "a deletion" : "an insertion or paste"
        case .replaceRanges: "a multi-range edit"
        case .undo, .redo: "undo"
        case .setSelection: "a selection"
        case .beginEditing, .endEditing, .returnKey, .clearButton: "the editing lifecycle"
        case .setText: "the app's own assignment"
        }
    }

    /// Whether the events make a session a platform could produce (see the shrinker).
    package static func isPlausible(_ events: [SessionEvent]) -> Bool { Shrinker.isPlausible(events) }

    /// The properties checked for this rule.
    package var properties: [FuzzProperty] { checker.properties }

    /// The events of iteration `iteration` of `seed`.
    package func events(seed: UInt64, iteration: Int) -> [SessionEvent] {
        var mixer = SplitMix64(seed: seed &+ UInt64(iteration) &* 0xD1B5_4A32_D192_ED03)
        var rng = SplitMix64(seed: mixer.next())
        return generator.session(
            &rng, targetEvents: 10 + rng.below(20), traits: traits(seed: seed, iteration: iteration))
    }

    /// The session `bytes` decode to: the same generator as ``events(seed:iteration:)``,
    /// its choices read from the bytes (``SplitMix64/init(script:)``), the first byte
    /// choosing the traits. Every input is a session the generator could make, so a
    /// coverage-guided fuzzer's mutations stay plausible IME sessions.
    package func events(script bytes: [UInt8]) -> (events: [SessionEvent], traits: SessionTraits) {
        var rng = SplitMix64(script: bytes)
        let head = rng.below(16)
        var traits = SessionTraits(secure: head == 0 && keyboard == nil)
        if head >= 12, !presented.isEmpty { traits.ime = presented[head % presented.count] }
        return (generator.session(&rng, targetEvents: 1 + rng.below(30), traits: traits), traits)
    }

    /// Replay's limits for checking properties: only the discrepancies that decide one
    /// (``FuzzProperty/init(deciding:)``) are looked for.
    static let decidingKinds = ReplayLimits(
        kinds: Set(DiscrepancyKind.allCases.filter { FuzzProperty(deciding: $0) != nil }))

    /// The failures of one session, checked step by step as the replay makes them: the
    /// plain steps (``Replayer/StepMade/plain(called:)``) are checked as such
    /// (``PropertyChecker/checkPlain(event:before:after:profile:into:)``); `plainSteps: false`
    /// replays every step in full instead, which must find the same (a test compares).
    package func failures(_ events: [SessionEvent], traits: SessionTraits = SessionTraits(), plainSteps: Bool = true)
        -> [PropertyFailure]
    {
        var session = Session(
            id: "fuzz", ime: traits.ime, locale: keyboard?.region, keyboard: keyboard,
            source: .init(kind: .fuzz, detail: ""), initial: FieldState(text: .empty), events: events)
        session.secureTextEntry = traits.secure
        return failures(of: session, plainSteps: plainSteps)
    }

    /// The failures of `session` as it is (its field, input method, keyboard and events):
    /// a corpus or user session checked with the properties a generated one is.
    package func failures(of session: Session, plainSteps: Bool = true) -> [PropertyFailure] {
        var collector = PropertyChecker.Collector()
        let (profiles, checker) = judges(of: session.events)
        let result = replayer.run(
            session, profiles: profiles, rules: [rule], limits: Self.decidingKinds,
            observe: { position, _, step in checker.check(step, profile: position, into: &collector) },
            // A plain step is told to a checker that checks it, and to nobody else (reaching the
            // collector through the closure is an exclusivity check at every step).
            observePlain: !plainSteps
                ? nil
                : checker.checksPlainSteps
                    ? { position, _, index, before, after in
                        checker.checkPlain(
                            event: index, before: before, after: after, profile: position, into: &collector)
                    } : { _, _, _, _, _ in },
            restart: { collector = PropertyChecker.Collector() })
        checker.check(result[0].findings, into: &collector)
        return collector.failures(under: checker.contract)
    }

    /// The failures of a session that is not to be minimised (a corpus or user session),
    /// each with its root cause (``rootCause(of:traces:)``) and the traces that show it.
    package func unshrunkFailures(of session: Session) -> [(
        failure: PropertyFailure, rootCause: String, traces: [Trace]
    )] {
        let found = failures(of: session)
        guard !found.isEmpty else { return [] }
        let traces =
            replayer.run(session, profiles: judges(of: session.events).profiles, rules: [rule], traces: .all)
            .first?.traces ?? []
        return found.map { ($0, Self.rootCause(of: $0, traces: traces), traces) }
    }

    /// The profiles a session is judged under, and their checker: all of them, or, for a
    /// session with a multi-range edit, those that make such edits.
    package func judges(of events: [SessionEvent]) -> (profiles: [PlatformProfile], checker: PropertyChecker) {
        guard let multiRangeJudges, events.contains(where: \.isMultiRangeEdit) else { return (profiles, checker) }
        return multiRangeJudges
    }

    /// The shortest session the shrinker finds that still fails `property` (and, on a
    /// campaign's keyboard, still types only its keys).
    package func shrink(_ events: [SessionEvent], property: FuzzProperty, traits: SessionTraits = SessionTraits())
        -> [SessionEvent]
    {
        Shrinker { [self] candidate in
            typesOnItsKeyboard(candidate, secure: traits.secure)
                && failures(candidate, traits: traits).contains { $0.property == property }
        }.shrink(events)
    }

    /// Whether every event types what the campaign's keyboard can type (always, without one).
    private func typesOnItsKeyboard(_ events: [SessionEvent], secure: Bool) -> Bool {
        guard let keys = keyboard ?? (secure ? generator.secureKeyboard : nil) else { return true }
        return events.allSatisfy { event in event.typedText.map { keys.canType($0, secure: secure) } ?? true }
    }

    /// The saved counterexamples of this campaign's rule (``counterexample(from:)``) that
    /// still fail their property: a failure database, replayed before anything is
    /// generated (as Hypothesis replays its example database), so that a regression shows
    /// in the first second of the next run. Each keeps its id, and the iteration it names.
    package func recheck(_ saved: [Session]) -> [FuzzFailure] {
        var found: [FuzzFailure] = []
        for session in saved {
            guard let (property, spec, iteration) = Self.counterexample(from: session), spec == rule.spec else {
                continue
            }
            let traits = SessionTraits(ime: session.ime, secure: session.secureTextEntry)
            guard let failure = failures(session.events, traits: traits).first(where: { $0.property == property })
            else { continue }
            var example = counterexample(
                failure, events: session.events, traits: traits, seed: 0, iteration: iteration)
            example.session.id = session.id
            example.session.source = session.source
            found.append(example)
        }
        return found
    }

    /// A failure of a session that no seed generated (a coverage-guided fuzzer's input),
    /// minimised and ready to save: `source.detail` says where it came from, iteration 0.
    package func recheckable(_ failure: PropertyFailure, events: [SessionEvent], traits: SessionTraits) -> FuzzFailure {
        var example = counterexample(failure, events: events, traits: traits, seed: 0, iteration: 0)
        example.session.id =
            "libfuzzer-"
            + example.session.id.dropFirst("fuzz-".count).replacingOccurrences(
                of: "-s0-i0", with: "")
        example.session.source.detail = example.session.source.detail.replacingOccurrences(
            of: "(seed 0, iteration 0, ", with: "(a libFuzzer input, ")
        example.session.source.counterexample?.seed = nil
        example.session.source.counterexample?.iteration = nil
        return example
    }

    /// Runs iterations of `shard` from 0 until `iterations` (global count) or `seconds` run out.
    ///
    /// - Parameter progress: called now and then with (iterations done, failures so far).
    /// With `maxFailures`, stops once that many root causes are kept (fail fast).
    /// `saved` failures (``recheck(_:)``) count as found before the first iteration.
    package func run(
        seed: UInt64, iterations: Int?, seconds: Double?, shard: Shard = .all, maxFailures: Int? = nil,
        saved: [FuzzFailure] = [], progress: ((Int, Int) -> Void)? = nil
    ) -> FuzzResult {
        let clock = Stopwatch()
        var examined: [FuzzProperty: [Int]] = [:]
        var found: [FuzzFailure] = saved
        var causes = Dictionary(
            saved.enumerated().map { ("\($0.element.property) \($0.element.shape)", $0.offset) },
            uniquingKeysWith: { a, _ in a })
        for failure in saved { examined[failure.property, default: []].append(failure.iteration) }
        let done = shard.run(
            iterations: iterations, seconds: seconds, clock: clock, clockEvery: 64, progressEvery: 1000,
            enough: { maxFailures.map { found.count >= $0 } ?? false },
            progress: { progress?($0, Set(found.map(\.property)).count) },
            body: { iteration in
                let events = events(seed: seed, iteration: iteration)
                let traits = traits(seed: seed, iteration: iteration)
                for failure in failures(events, traits: traits)
                where examined[failure.property, default: []].count < Self.examinedPerProperty {
                    examined[failure.property, default: []].append(iteration)
                    let example = counterexample(
                        failure, events: events, traits: traits, seed: seed, iteration: iteration)
                    let cause = "\(failure.property) \(example.shape)"
                    if let index = causes[cause] {
                        found[index].alsoAt.append(iteration)
                    } else {
                        causes[cause] = found.count
                        found.append(example)
                    }
                }
            })
        return FuzzResult(
            rule: rule.spec, seed: seed, shards: [shard], iterations: done, seconds: clock.seconds,
            properties: properties, examined: examined,
            failures: FuzzResult.distinct(found, examined: examined))
    }

    /// The minimised session of a failure, ready to save.
    func counterexample(
        _ failure: PropertyFailure, events: [SessionEvent], traits: SessionTraits, seed: UInt64, iteration: Int
    ) -> FuzzFailure {
        let minimal = shrink(events, property: failure.property, traits: traits)
        let detail = failures(minimal, traits: traits).first { $0.property == failure.property } ?? failure
        var session = Session(
            id: Self.sessionID(rule: rule.spec, property: failure.property, seed: seed, iteration: iteration),
            ime: traits.ime, locale: keyboard?.region, keyboard: keyboard,
            source: .init(
                kind: .fuzz,
                detail: Self.detail(
                    property: failure.property, seed: seed, iteration: iteration, originalEvents: events.count,
                    message: detail.message, rule: rule.spec)),
            initial: FieldState(text: .empty), events: minimal)
        session.source.counterexample = Session.Counterexample(
            property: failure.property.rawValue, rule: rule.spec, seed: seed, iteration: iteration,
            originalEvents: events.count, profile: detail.profile)
        session.secureTextEntry = traits.secure
        let traces =
            replayer.run(session, profiles: judges(of: minimal).profiles, rules: [rule], traces: .all).first?.traces
            ?? []
        return FuzzFailure(
            property: failure.property, iteration: iteration, originalEvents: events.count, session: session,
            detail: detail, shape: Self.rootCause(of: detail, traces: traces), traces: traces)
    }

    /// A counterexample's `source.detail`, for people: `fuzz counterexample of PROPERTY
    /// (seed S, iteration I, N events, minimised): MESSAGE. Rule: SPEC`. What the fuzzer reads
    /// back is `source.counterexample` (``counterexample(from:)``).
    static func detail(
        property: FuzzProperty, seed: UInt64, iteration: Int, originalEvents: Int, message: String, rule: String
    ) -> String {
        "fuzz counterexample of \(property.rawValue) (seed \(seed), iteration \(iteration), \(originalEvents) events, minimised): \(message). Rule: \(rule)"
    }

    /// The property, rule spec and iteration a saved counterexample names: its
    /// `source.counterexample`, or, for one saved by 0.2 (which wrote them only in words),
    /// its `source.detail` as ``detail(property:seed:iteration:originalEvents:message:rule:)``
    /// wrote it. `nil` for a session that is no counterexample, or one of a property this
    /// fuzzer does not know.
    package static func counterexample(from session: Session) -> (
        property: FuzzProperty, rule: String, iteration: Int
    )? {
        guard session.source.kind == .fuzz else { return nil }
        if let example = session.source.counterexample {
            guard let property = FuzzProperty(rawValue: example.property) else { return nil }
            return (property, example.rule, example.iteration ?? 0)
        }
        let detail = session.source.detail
        let prefix = "fuzz counterexample of "
        guard detail.hasPrefix(prefix), let ruleMarker = detail.range(of: ". Rule: ", options: .backwards) else {
            return nil
        }
        let name = detail.dropFirst(prefix.count).prefix { $0 != " " }
        guard let property = FuzzProperty(rawValue: String(name)) else { return nil }
        let iteration = detail.range(of: "iteration ").flatMap {
            Int(detail[$0.upperBound...].prefix(while: \.isNumber))
        }
        return (property, String(detail[ruleMarker.upperBound...]), iteration ?? 0)
    }

    /// A stable id (and file name) for a counterexample.
    static func sessionID(rule: String, property: FuzzProperty, seed: UInt64, iteration: Int) -> String {
        let name = String(
            rule.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(60))
        return "fuzz-\(name)-\(property.rawValue)-s\(seed)-i\(iteration)"
    }
}
