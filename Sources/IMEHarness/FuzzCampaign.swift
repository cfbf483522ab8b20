import Composition
import Foundation
import Fuzzing
import Graphemes
import Reporting

/// One rule fuzzed: generated Pinyin, Zhuyin, Hangul, kana, emoji, pastes, deletions and
/// multi-range edits replayed under the profiles, the rule's contract checked, and each
/// failure shrunk to a few events (several per property when they differ in shape).
public struct FuzzCampaign: Sendable {
    /// A failure of a property, with its minimised session.
    public struct Failure: Sendable {
        /// The property's stable name (`limit-exceeded`, `composition-interrupted`, …).
        public var property: String
        /// What a failure of the property means.
        public var explanation: String
        /// One sentence with the concrete values.
        public var message: String
        /// The root cause: the property, the shape of the failing call, the rule's answer and
        /// the classes of the text it brought (`typed-text-lost at a commit: refused [han]`).
        /// One failure is kept per root cause.
        public var rootCause: String
        /// How many minimised failures share the root cause (this one included).
        public var sharedBy: Int
        /// `root cause: … (N minimised failures share it)`.
        var rootCauseLine: String
        /// Why it is the rule's fault, in the words of its contract ("the contract promises
        /// at most 10 graphemes of committed text; it measures more after event 4").
        public var why: String
        /// The profile the failure shows under (`ios-18`, `ios-26`, …).
        public var profile: String
        /// The seed's iteration whose session was minimised.
        public var iteration: Int
        /// The minimised session (`source.kind` `fuzz`): save it to replay it forever.
        public var session: Session
        /// The minimised session event by event under ``profile``, the field before and
        /// after in notation.
        public var timeline: String
    }

    let result: FuzzResult
    let profileNames: [String]

    /// The rule's name.
    public let rule: String
    /// The properties checked: those the rule's contract makes apply.
    public let properties: [String]
    /// How many sessions were generated.
    public var sessions: Int { result.iterations }
    /// One failure per root cause, by property (in a stable order) then iteration: per
    /// property, the first 16 failing sessions are minimised and one is kept per root cause
    /// (the failing call's shape, the rule's answer, the classes of the text it brought),
    /// at most 5, with how many share it: one bug is reported once, and never hides another.
    public let failures: [Failure]

    /// Fuzzes `rule` for `seconds` (or `iterations` sessions) from `seed`.
    ///
    /// - Parameters:
    ///   - rule: The rule under test.
    ///   - contract: What the rule promises, when the rule does not say itself
    ///     (``RuleContract/maxLength(_:_:)``, …).
    ///   - seconds: How long to generate sessions, when `iterations` is `nil`.
    ///   - iterations: How many sessions to generate instead (the same count gives the
    ///     same failures, byte for byte).
    ///   - seed: The campaign's seed.
    ///   - profiles: The platform profiles every session is replayed under.
    ///   - keyboard: The field's keyboard: with one other than `.default`, sessions type
    ///     only its keys (pastes of anything aside) and a pad's refused keys fail
    ///     `key-refused`.
    ///   - region: The device's region format (BCP 47): a number or decimal pad's digits
    ///     and separator, and what a rule reading the device's locale sees.
    /// - Throws: ``HarnessFailure`` when the fuzzer's inventories cannot be read, when the
    ///   region is unknown, or when
    ///   `seconds` is not above 0 and at most a week, or `iterations` is negative: a run
    ///   that cannot end is a mistake, not a test.
    public init(
        rule: some InputRule, contract: RuleContract? = nil, seconds: Double = 5, iterations: Int? = nil,
        seed: UInt64 = 0,
        profiles: [Profile] = Profile.all, keyboard: KeyboardType = .default, region: String = "en-US"
    ) throws(HarnessFailure) {
        guard iterations.map({ $0 >= 0 }) ?? (seconds > 0 && seconds <= 7 * 24 * 3600) else {
            throw HarnessFailure(
                "fuzzing needs seconds above 0 and at most a week (604800), or iterations from 0; got "
                    + (iterations.map { "iterations \($0)" } ?? "seconds \(seconds)"))
        }
        let checked: any InputRule = contract.map { ContractedRule(base: rule, contract: $0) } ?? rule
        let known = Set(FuzzProperty.allCases.map(\.rawValue))
        if let unknown = checked.contract.unchecked.subtracting(known).sorted().first {
            throw HarnessFailure(
                "the contract leaves unchecked '\(unknown)', which is no property (known: "
                    + FuzzProperty.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let keys: KeyboardKeys?
        do {
            keys = keyboard == .default ? nil : try KeyboardKeys(Keyboard(keyboard, region: region), locale: nil)
        } catch {
            throw HarnessFailure("the \(keyboard.rawValue) keyboard: \(error)")
        }
        let fuzzer: Fuzzer
        do {
            fuzzer = try Fuzzer(
                rule: checked, profiles: profiles.map(\.platform),
                inventory: Inventory(fuzzingDirectory: BundledData.directory + "/fuzzing"), keyboard: keys)
        } catch {
            throw HarnessFailure("the fuzzer could not start: \(error)")
        }
        result = fuzzer.run(seed: seed, iterations: iterations, seconds: iterations == nil ? seconds : nil)
        profileNames = profiles.map(\.name)
        self.rule = rule.spec
        properties = result.properties.map(\.rawValue)
        failures = result.failures.map { failure in
            Failure(
                property: failure.property.rawValue, explanation: failure.property.explanation,
                message: failure.detail.message, rootCause: failure.shape, sharedBy: failure.sharedBy,
                rootCauseLine: failure.rootCauseLine,
                why: failure.detail.why
                    ?? failure.property.reason(under: checked.contract, event: failure.detail.event),
                profile: failure.detail.profile, iteration: failure.iteration,
                session: failure.session,
                timeline: (failure.traces.first { $0.profile == failure.detail.profile } ?? failure.traces.first)
                    .map { "  under \($0.profile):\n" + timeline($0) } ?? "")
        }
    }

    /// Each legacy rule of the catalogue, with parameters that make its bug reachable, and
    /// the property its documented failure breaks (`legacy-truncate-count:limit=6`,
    /// `broken-text`): what the harness's tests ask this fuzzer to find, and what the
    /// engine recorder's key-level fuzzer asks a real input method to reach.
    public static var documentedFailures: [(rule: String, property: String)] {
        Fuzzer.documentedFailures.map { ($0.spec, $0.property.rawValue) }
    }

    /// Every property a fuzzer can check, by its stable name, in a stable order.
    public static var allProperties: [String] { FuzzProperty.allCases.map(\.rawValue) }

    /// The Pinyin syllables this fuzzer types, most frequent first (the shipped
    /// `fuzzing/pinyin.tsv`, written from Unihan's kMandarin and kFrequency), for
    /// generators of key scripts.
    ///
    /// - Throws: ``HarnessFailure`` when the shipped inventory cannot be read.
    public static func pinyinSyllables() throws(HarnessFailure) -> [String] {
        do {
            return try Inventory(fuzzingDirectory: BundledData.directory + "/fuzzing").pinyin.map {
                String(decoding: $0.letters.units, as: UTF16.self)
            }
        } catch {
            throw HarnessFailure("the fuzzer's inventory: \(error)")
        }
    }

    /// The report in `format` (`json` is what `ime-harness merge` and `report` read).
    public func rendered(_ format: ReportFormat) -> String {
        result.rendered(format, profiles: profileNames)
    }

    /// Writes the report in `format` to `path`, atomically.
    ///
    /// - Throws: ``HarnessFailure`` naming the path when it cannot be written.
    public func write(_ format: ReportFormat, to path: String) throws(HarnessFailure) {
        try writeReport(rendered(format), to: path)
    }
}
