import Composition
import Foundation
import Fuzzing
import Graphemes

/// Checks for test targets, with Swift Testing or XCTest alike: each throws a
/// ``HarnessFailure`` whose message alone explains the bug, so `try` in a test is all.
///
/// ```swift
/// @Test func limitSurvivesRealInputMethods() throws {
///     try HarnessAssert.noDiscrepancies(rule: MyLimit(), corpus: .bundled, profiles: [.ios18Single, .ios26Multi])
///     try HarnessAssert.survivesFuzzing(rule: MyLimit(), contract: .maxLength(20, .graphemes), iterations: 5_000)
/// }
/// ```
public enum HarnessAssert {
    /// Replays `rule` through `corpus` under `profiles` and fails when a discrepancy of
    /// one of `kinds` appears, or a session breaks one of the fuzzer's properties of the
    /// rule's contract, showing the shortest failing sessions event by event.
    ///
    /// By default it fails on the kinds the rule's contract claims
    /// (``DiscrepancyKind/claimed(by:)``): broken text and crashes always, interrupted
    /// compositions only for a rule that claims composition safety, and so on. The other
    /// kinds a rule causes are counted in the message, not failed; the platform's own
    /// kinds show in every replay whatever the rule. Pass `kinds` to choose.
    ///
    /// With `properties` (the default) every session is also judged as a fuzzed session
    /// is (``FuzzCampaign/properties``, those the contract does not leave unchecked): a
    /// session whose committed text ends up breaking the contract's ``TextPromise`` (a
    /// price with three decimals), holding a class it forbids, or losing what the user
    /// typed fails here too, one entry per root cause. What it does not check: sessions
    /// other than those given (``survivesFuzzing(rule:contract:seconds:iterations:seed:profiles:)``
    /// makes new ones), keys a keyboard cannot type (`key-refused` needs a campaign's
    /// keyboard), and what the sessions' recorded `expectedText` says about a rule
    /// (the replay's `final-text` kind, claimed only by a profile-independent rule).
    ///
    /// With `baseline`, findings the baseline accepts pass (a team's accepted findings, as
    /// `ime-harness replay --baseline` reads them) and only new ones fail, named first in
    /// the message; `IME_HARNESS_WRITE_BASELINE=1` writes the baseline instead. With
    /// `IME_HARNESS_REPORTS` set to a directory, the check writes the CLI's summary, HTML
    /// and JUnit reports there (``BaselineFile`` and the README's workflow say how CI uses them).
    ///
    /// - Throws: ``HarnessFailure`` with the counts by kind, the root causes and the sessions.
    @discardableResult
    public static func noDiscrepancies(
        rule: some InputRule, corpus: Corpus = .bundled, profiles: [Profile] = Profile.all,
        kinds: Set<DiscrepancyKind>? = nil, properties: Bool = true, baseline: BaselineFile? = nil
    ) throws(HarnessFailure) -> CorpusReplay {
        let kinds = kinds ?? DiscrepancyKind.claimed(by: rule.contract)
        let run = try CorpusReplay(rule: rule, corpus: corpus, profiles: profiles, properties: properties)
        var report = run.gateReport(kinds: kinds, baseline: nil)
        var beyond: Set<String>?
        if let baseline {
            if BaselineFile.writing {
                try baseline.write(
                    report.acceptingBaseline, replacing: [Baseline.ruleName(of: rule.spec, among: [rule.spec])])
                try ReportDirectory.write(report, name: rule.spec)
                return run
            }
            report.baseline = try baseline.load()
            beyond = Set(report.outcome.new.map(\.session))
        }
        try ReportDirectory.write(report, name: rule.spec)
        guard let beyond else { return try judge(run, kinds: kinds, sessions: nil) }
        guard !beyond.isEmpty else { return run }
        let outcome = report.outcome
        var header =
            "rule '\(rule.spec)': \(outcome.failing) finding\(outcome.failing == 1 ? "" : "s") beyond the baseline \(baseline?.path ?? "") (\(outcome.accepted) accepted):"
        for identity in outcome.new.prefix(10) { header += "\n  new: \(identity.description)" }
        if outcome.new.count > 10 { header += "\n  … and \(outcome.new.count - 10) more" }
        header += "\n(accept them with IME_HARNESS_WRITE_BASELINE=1 swift test, if they are not bugs)\n\n"
        do {
            try judge(run, kinds: kinds, sessions: beyond)
        } catch {
            throw HarnessFailure(header + error.description)
        }
        throw HarnessFailure(header)
    }

    /// Fails with the message of ``noDiscrepancies(rule:corpus:profiles:kinds:properties:baseline:)``
    /// when `run` has a discrepancy of `kinds` or a property failure, in `sessions` when given.
    @discardableResult
    static func judge(_ run: CorpusReplay, kinds: Set<DiscrepancyKind>, sessions: Set<String>?)
        throws(HarnessFailure) -> CorpusReplay
    {
        let failing = run.failing(kinds).filter { sessions?.contains($0.result.sessionID) ?? true }
        let propertyFailures = run.propertyFailures.filter { sessions?.contains($0.session) ?? true }
        guard !failing.isEmpty || !propertyFailures.isEmpty else { return run }
        guard !failing.isEmpty else {
            let advice = contractAdvice(run).map { "\n\n" + $0 } ?? ""
            throw HarnessFailure(withLegend(propertyMessage(run, propertyFailures) + advice))
        }
        let found = run.discrepancies.filter { kinds.contains($0.kind) && sessions?.contains($0.session) ?? true }
        var counts: [DiscrepancyKind: Int] = [:]
        for discrepancy in found { counts[discrepancy.kind, default: 0] += 1 }
        var message =
            "rule '\(run.rule)': \(found.count) discrepancies in \(failing.count) of \(run.sessionCount) sessions ("
            + DiscrepancyKind.allCases.compactMap { kind in counts[kind].map { "\(kind.rawValue) \($0)" } }
            .joined(separator: ", ") + ")"
        var unclaimed: [DiscrepancyKind: Int] = [:]
        for discrepancy in run.discrepancies
        where discrepancy.kind.cause == .rule && !kinds.contains(discrepancy.kind) {
            unclaimed[discrepancy.kind, default: 0] += 1
        }
        if !unclaimed.isEmpty {
            message +=
                "; also seen, not claimed by the contract: "
                + DiscrepancyKind.allCases.compactMap { kind in unclaimed[kind].map { "\(kind.rawValue) \($0)" } }
                .joined(separator: ", ")
        }
        for (result, _) in failing.prefix(3) {
            let shown = result.findings.filter { kinds.contains($0.kind) }
            message += "\n\nsession \(result.sessionID) (\(result.eventCount) events):"
            for discrepancy in shown.prefix(4) {
                message += "\n  event \(discrepancy.event.map(String.init) ?? "-"), \(discrepancy.kind.rawValue) "
                message += "(\(discrepancy.profiles.joined(separator: ", "))): \(discrepancy.message)"
                if let why = discrepancy.why { message += "\n    why the rule: \(why)" }
            }
            if shown.count > 4 { message += "\n  … and \(shown.count - 4) more" }
            let profile = shown.first?.profiles.first
            if let trace = result.traces.first(where: { $0.profile == profile }) ?? result.traces.first {
                message += "\n  under \(trace.profile):\n" + timeline(trace)
            }
        }
        if failing.count > 3 { message += "\n\n… and \(failing.count - 3) more sessions" }
        if !propertyFailures.isEmpty { message += "\n\n" + propertyMessage(run, propertyFailures) }
        if let advice = contractAdvice(run) { message += "\n\n" + advice }
        message += "\n\nWrite every session's timeline with CorpusReplay(rule:).write(.html, to: path)."
        throw HarnessFailure(withLegend(message))
    }

    /// How fields are written in every message, said once, under its first line.
    static let notationLegend =
        "(Fields are shown as \"ab[ㄨㄤ|]\": the text, the marked text the keyboard is still composing in brackets, | the caret.)"

    /// `message` with ``notationLegend`` after its first line.
    static func withLegend(_ message: String) -> String {
        guard let end = message.firstIndex(of: "\n") else { return message + "\n" + notationLegend }
        return String(message[..<end]) + "\n" + notationLegend + String(message[end...])
    }

    /// When a rule that promises nothing refused text (a composition interrupted, typed text
    /// lost) and every text it let stay is of one class, the contract that would say so:
    /// a digits-only filter is meant to refuse Pinyin, and `.allowing(.digitASCII)` makes
    /// the refusal its purpose while still checking what it does to digits.
    static func contractAdvice(_ run: CorpusReplay) -> String? {
        guard run.contract.allowedClasses == nil, run.contract.deniedClasses.isEmpty else { return nil }
        let refused =
            run.discrepancies.contains { $0.kind == .compositionInterrupted }
            || run.propertyFailures.contains { $0.property == FuzzProperty.typedTextLost.rawValue }
        guard refused, let common = RuleClass.common(to: run.finalTexts) else { return nil }
        return
            "Every text this rule let stay is \(common). If keeping everything else out is its job, say so: contract: .allowing(\(common.swiftSpelling)). Its refusals of other text are then its purpose, not findings, and what it does to \(common) text is still checked."
    }

    /// The property failures of a corpus replay, one entry per root cause (its shortest
    /// session first, with how many sessions share it), as ``survivesFuzzing(rule:contract:seconds:iterations:seed:profiles:)``
    /// shows a campaign's.
    static func propertyMessage(_ run: CorpusReplay, _ failures: [CorpusReplay.PropertyFailure]) -> String {
        let events = Dictionary(run.sessions.map { ($0.id, $0.events.count) }, uniquingKeysWith: { a, _ in a })
        var causes: [String: [CorpusReplay.PropertyFailure]] = [:]
        var order: [String] = []
        for failure in failures {
            let key = "\(failure.property) \(failure.rootCause)"
            if causes[key] == nil { order.append(key) }
            causes[key, default: []].append(failure)
        }
        var message =
            "rule '\(run.rule)' failed \(Set(failures.map(\.property)).count) properties in \(Set(failures.map(\.session)).count) of \(run.sessionCount) sessions, \(order.count) root causes"
        for key in order {
            let shared = causes[key] ?? []
            guard
                let shortest = shared.min(by: {
                    (events[$0.session] ?? 0, $0.session) < (events[$1.session] ?? 0, $1.session)
                })
            else { continue }
            message += "\n\n\(shortest.property): \(shortest.explanation)\n  \(shortest.message)\n"
            message +=
                "  root cause: \(shortest.rootCause) (\(shared.count) session\(shared.count == 1 ? "" : "s") share it)\n"
            message += "  why the rule: \(shortest.why)\n"
            message += "  session \(shortest.session), event \(shortest.event.map(String.init) ?? "-"):\n"
            message += shortest.timeline
        }
        return message
    }

    /// Fuzzes `rule` for `iterations` sessions (or, when `nil`, for `seconds`) and fails
    /// when a property of its contract breaks, showing each failure's minimised session
    /// event by event.
    ///
    /// Prefer `iterations` in a test suite: the same count and seed generate the same
    /// sessions on any machine, so the test's outcome does not depend on its speed.
    ///
    /// - Parameters:
    ///   - rule: The rule under test.
    ///   - contract: What the rule promises, when it does not say itself
    ///     (``RuleContract/maxLength(_:_:)``, …).
    ///   - seconds: How long to generate sessions, when `iterations` is `nil`.
    ///   - iterations: How many sessions to generate instead.
    ///   - seed: The campaign's seed: a failure found with it is found again.
    ///   - profiles: The platform profiles every session is replayed under.
    /// - Throws: ``HarnessFailure`` with each failed property and its minimised session.
    @discardableResult
    public static func survivesFuzzing(
        rule: some InputRule, contract: RuleContract? = nil, seconds: Double = 5, iterations: Int? = nil,
        seed: UInt64 = 0, profiles: [Profile] = Profile.all
    ) throws(HarnessFailure) -> FuzzCampaign {
        let run = try FuzzCampaign(
            rule: rule, contract: contract, seconds: seconds, iterations: iterations, seed: seed, profiles: profiles)
        try ReportDirectory.write(Report(fuzz: run.result, profiles: run.profileNames), name: rule.spec + ".fuzz")
        guard !run.failures.isEmpty else { return run }
        var message =
            "rule '\(rule.spec)' failed \(Set(run.failures.map(\.property)).count) of \(run.properties.count) properties in \(run.sessions) fuzzed sessions (seed \(seed)), \(run.failures.count) root causes"
        for failure in run.failures {
            message += "\n\n\(failure.property): \(failure.explanation)\n  \(failure.message)\n"
            message += "  \(failure.rootCauseLine)\n"
            message += "  why the rule: \(failure.why)\n"
            message += "  minimised to \(failure.session.events.count) events (session \(failure.session.id)):\n"
            message += failure.timeline
        }
        message += "\n\nWrite the report with FuzzCampaign(rule:).write(.html, to: path); save a session with its json."
        throw HarnessFailure(withLegend(message))
    }
}
