import Dispatch
import Foundation
import IMEHarness

/// Fuzzes a rule at the key level: generated key scripts (``KeyVocabulary``) typed through
/// real engines, closed loop (``Recorder/replay(_:rule:profile:)``), with the fuzzer's
/// properties checked on every step (``ClosedLoopResult/failures``); the first failure of
/// each property is shrunk over keys to a script from which no key can be dropped.
///
/// Iteration `i` of a seed types vocabulary `i mod n`'s script `i`, whatever ran before,
/// so a run of a given number of sessions finds the same failures, minimised to the same
/// keys, every time; a run bounded by time finds those of the sessions it reached.
public struct KeyFuzzer {
    /// A property's first failure, minimised.
    public struct Failure: Sendable {
        public let property: String
        /// The failure's sentence, from the minimised script's loop.
        public let message: String
        public let profile: String
        /// The iteration whose script failed first, and that script.
        public let iteration: Int
        public let generated: ScriptLine
        /// The script minimised: dropping any one of its keys makes the failure go.
        public let minimised: ScriptLine
        /// The minimised script's closed loop: its session, trace and report.
        public let loop: ClosedLoopResult
        /// How many closed loops shrinking ran.
        public let shrinkReplays: Int
        /// Seconds from the start of the run to the failure's minimised script.
        public let foundAfter: Double
    }

    /// What a run did.
    public struct Outcome: Sendable {
        public let rule: String
        /// The properties the rule's contract makes apply.
        public let properties: [String]
        /// Key scripts generated, closed loops run (a script under each profile), keys typed.
        public let sessions: Int
        public let replays: Int
        public let keys: Int
        public let seconds: Double
        /// The first failure of each property, in the order they were found.
        public let failures: [Failure]
    }

    let rule: any InputRule
    let vocabularies: [KeyVocabulary]
    let profiles: [Profile]
    let recorder: Recorder

    /// A fuzzer that types through every engine `ime-record fuzz` uses by default (Rime's
    /// Pinyin and Bopomofo, Chewing, libhangul, Anthy), the engines' state in a fresh
    /// temporary directory: what a team's test target needs to fuzz its own rule.
    ///
    /// ```swift
    /// import EngineRecorder   // .product(name: "EngineRecorder", package: "IMERecorder")
    /// let fuzzer = try KeyFuzzer(rule: TextFieldRule.nameFieldDelegate(contract: .maxLength(10)))
    /// let outcome = try fuzzer.run(seed: 0, sessions: 200, seconds: nil)
    /// #expect(outcome.failures.isEmpty, "\(outcome.failures.map(\.minimised.keys))")
    /// ```
    ///
    /// - Throws: ``RecorderError`` when an engine's data is missing.
    public init(rule: any InputRule, profiles: [Profile] = Profile.all) throws(RecorderError) {
        let vocabularies = try RecorderCLI.fuzzedEngines.map { target throws(RecorderError) in
            let parts = target.split(separator: "/", maxSplits: 1).map(String.init)
            return try KeyVocabulary.make(engine: parts[0], schema: parts[1])
        }
        let directory = NSTemporaryDirectory() + "ime-keyfuzz-\(UUID().uuidString)"
        self.init(
            rule: rule, vocabularies: vocabularies, profiles: profiles,
            recorder: Recorder(engines: EngineSet(directory: directory)))
    }

    public init(rule: any InputRule, vocabularies: [KeyVocabulary], profiles: [Profile], recorder: Recorder) {
        self.rule = rule
        self.vocabularies = vocabularies
        self.profiles = profiles
        self.recorder = recorder
    }

    /// Types scripts from `seed` until `sessions` of them ran, `seconds` passed, or every
    /// property of `until` failed (when it is not empty), whichever comes first.
    public func run(seed: UInt64, sessions limit: Int?, seconds: Double?, until: Set<String> = [])
        throws(RecorderError) -> Outcome
    {
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        var failures: [Failure] = []
        var sessions = 0
        var replays = 0
        var keysTyped = 0
        while !vocabularies.isEmpty {
            if let limit, sessions >= limit { break }
            if let seconds, elapsed() >= seconds { break }
            if !until.isEmpty, until.isSubset(of: failures.map(\.property)) { break }
            let iteration = sessions
            let vocabulary = vocabularies[iteration % vocabularies.count]
            let keys = vocabulary.keys(seed: seed, iteration: iteration)
            let line = script(keys, vocabulary, id: "keyfuzz-\(seed)-\(iteration)")
            sessions += 1
            for profile in profiles {
                let loop = try recorder.replay(line, rule: rule, profile: profile)
                replays += 1
                keysTyped += keys.count
                for (property, _) in loop.failures where !failures.contains(where: { $0.property == property }) {
                    var tries = 0
                    var failed: RecorderError?
                    let shrinker = DeltaShrinker<Key>(
                        isPlausible: { !$0.isEmpty && vocabulary.isTypable($0) }, simplifications: { _ in [] },
                        fails: { candidate in
                            tries += 1
                            do throws(RecorderError) {
                                return try recorder.replay(
                                    script(candidate, vocabulary, id: line.id), rule: rule, profile: profile
                                ).failures.contains { $0.property == property }
                            } catch {
                                failed = error
                                return false
                            }
                        }, budget: 2000)
                    let minimal = shrinker.shrink(keys)
                    if let failed { throw failed }
                    let minimised = script(minimal, vocabulary, id: line.id + "-min")
                    let final = try recorder.replay(minimised, rule: rule, profile: profile)
                    replays += tries + 1
                    failures.append(
                        Failure(
                            property: property,
                            message: final.failures.first { $0.property == property }?.message ?? "",
                            profile: profile.name, iteration: iteration, generated: line, minimised: minimised,
                            loop: final, shrinkReplays: tries, foundAfter: elapsed()))
                }
            }
        }
        return Outcome(
            rule: rule.spec, properties: Self.properties(of: rule), sessions: sessions, replays: replays,
            keys: keysTyped, seconds: elapsed(), failures: failures)
    }

    private func script(_ keys: [Key], _ vocabulary: KeyVocabulary, id: String) -> ScriptLine {
        ScriptLine(
            id: id, engine: vocabulary.engine, schema: vocabulary.schema, initial: "", keys: KeyScript.write(keys),
            description: "generated by ime-record fuzz")
    }

    /// The properties the fuzzer checks for `rule`.
    static func properties(of rule: any InputRule) -> [String] {
        (try? FuzzCampaign(rule: rule, iterations: 0))?.properties ?? []
    }
}
