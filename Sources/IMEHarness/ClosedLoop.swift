import Composition
import Foundation
import Fuzzing
import Graphemes
import Reporting

/// A text field under one profile with a rule in it, fed by a real input method one event
/// at a time: the closed loop, in which the input method's next event depends on what the
/// field did with the last.
///
/// A recorded session is open loop: its events were made against the field the input
/// method saw while recording, and once a rule refuses or assigns they no longer apply.
/// A driver that holds the input method itself (the engine recorder, `Tools/ime-recorder`)
/// hands each event it makes to ``apply(_:)`` and, when that returns `true`, tells the
/// input method that the app ended its composition (it assigned the text while text was
/// marked): the input method drops the composition and the user's next keys start a new
/// one. Every event is the replay's own step, so ``finish(id:)`` gives the trace and the
/// discrepancies a replay of those events under this profile finds, and the session
/// itself, which `replay` reads.
public final class ClosedLoopReplay {
    private let live: LiveReplay
    /// The rule's name.
    public let rule: String
    /// The profile's name.
    public let profile: String

    /// A closed loop on the field `session` starts with (its id, input method, locale,
    /// initial field and keyboard; its events are ignored), under `profile`, with `rule`.
    ///
    /// - Throws: ``HarnessFailure`` when ICU cannot load its grapheme break rules.
    public init(rule: some InputRule, profile: Profile, session: Session) throws(HarnessFailure) {
        do {
            live = try LiveReplay(session: session, profile: profile.platform, rule: rule)
            analyzer = try TextAnalyzer()
        } catch {
            throw HarnessFailure("ICU could not open its break iterator: \(error)")
        }
        self.rule = rule.spec
        self.profile = profile.name
        platform = profile.platform
        contract = rule.onDevice(region: session.keyboard?.region ?? session.locale).contract
    }

    private let platform: PlatformProfile
    private let contract: RuleContract
    private let analyzer: TextAnalyzer

    /// The field as the events so far left it: what the input method's next event is made
    /// against.
    public var field: FieldState { live.field }

    /// Carries out the input method's next event; `true` when the app ended the
    /// composition the input method holds, which the driver must then drop from the input
    /// method (it commits nothing of it).
    @discardableResult
    public func apply(_ event: SessionEvent) -> Bool { live.apply(event) }

    /// What the closed loop gave: the session of the events carried out, with `id`, and
    /// what its replay found.
    public func finish(id: String) -> ClosedLoopResult {
        let (session, result) = live.finish(id: id)
        // The fuzzer's properties, checked on every step of the loop and on what its
        // replay found, as a fuzzed session's are.
        var collector = PropertyChecker.Collector()
        let checker = PropertyChecker(contract: contract, profiles: [platform], analyzer: analyzer)
        for step in result.traces.first?.steps ?? [] { checker.check(step, profile: 0, into: &collector) }
        checker.check(result.findings, into: &collector)
        return ClosedLoopResult(
            session: session, result: result, profile: profile,
            failures: collector.failures.map { ($0.property.rawValue, $0.message) })
    }
}

/// A closed loop's session and what its replay found (``ClosedLoopReplay/finish(id:)``).
public struct ClosedLoopResult: Sendable {
    /// The events the field received, as a session whose ``Session/expectedText`` is the
    /// text the field ended with.
    public let session: Session
    let result: SessionResult
    let profile: String
    /// The fuzzer's properties the loop broke (``FuzzCampaign/properties``), the first
    /// failure of each: the property's name and one sentence with the values.
    public let failures: [(property: String, message: String)]

    /// Every discrepancy the replay of the session's events found, in order.
    public var discrepancies: [CorpusReplay.Discrepancy] {
        result.findings.map {
            CorpusReplay.Discrepancy(
                kind: $0.kind, session: result.sessionID, event: $0.event, profiles: $0.profiles, message: $0.message,
                why: $0.why)
        }
    }

    /// The text the field ended with.
    public var finalText: UTF16Text { result.finalText.first?.value ?? .empty }

    /// The field's steps, one line per event: the field before and after in notation,
    /// and what the rule said.
    public var timeline: String { result.traces.first.map { IMEHarness.timeline($0) } ?? "" }

    /// The report of the loop, in `format`.
    public func rendered(_ format: ReportFormat) -> String { Self.rendered([self], format) }

    /// One report of several loops, in `format`: their sessions in the order given, the
    /// profiles and rules in the order they first appear.
    public static func rendered(_ loops: [ClosedLoopResult], _ format: ReportFormat) -> String {
        func firsts(_ names: [String]) -> [String] {
            var seen: Set<String> = []
            return names.filter { seen.insert($0).inserted }
        }
        return Report(
            replay: loops.map(\.result), profiles: firsts(loops.map(\.profile)),
            rules: firsts(loops.map(\.result.rule)),
            errors: []
        ).rendered(format)
    }
}
