import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessTestSupport
import InputRules
import Testing

@testable import Reporting

/// Replay and fuzzing give what they gave before the replay's two engines became one step
/// (issue 38): for every shipped rule file, the fuzz results of three seeds and the traced
/// replays of generated and recorded sessions under every shipped profile, written out as
/// readable dumps (``Dump``) in `Golden/equivalence/`: each step's field per profile, the
/// calls' verdicts, the findings and the final texts.
///
/// The dumps were recorded at the last commit with two engines (`Replayer+Lean.swift`),
/// whose lean and full replays the tests then compared. A difference means the replay
/// changed what it finds or traces: if that is deliberate, record them again with
/// `RECORD_SNAPSHOTS=1` (the recording run fails, as a snapshot helper's does) and say why
/// in the commit; the failure names the file and the first line that differs.
@Suite struct ReplayEquivalenceTests {
    static let rules: [String] = {
        do {
            return try RuleFile.files(in: Repository.path("Corpora/rules")).map { path in
                try RuleFile(path: path).spec.description
            }
        } catch {
            fatalError("the shipped rule files must load: \(error)")
        }
    }()

    /// One rule's results as a readable dump: each fuzz seed's failures, then the traced
    /// replays of the generated and the recorded sessions.
    static func dump(of spec: String) throws -> String {
        let fuzzer = try Fixtures.fuzzer(spec)
        var dump = Dump()
        for seed: UInt64 in 0..<3 {
            let result = fuzzer.run(seed: seed, iterations: 150, seconds: nil)
            dump.fuzz(result, seed: seed)
        }
        let replayer = try Replayer()
        let rule = try RuleCatalogue.full.rule(spec)
        for (name, sessions) in try sessions(fuzzer) {
            dump.line("== \(name)")
            for session in sessions {
                for result in replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all) {
                    dump.result(result)
                }
            }
        }
        return dump.text
    }

    /// Sessions generated for the rule's fuzzer, and the recorded corpus.
    static func sessions(_ fuzzer: Fuzzer) throws -> [(String, [Session])] {
        let generated = (0..<60).map { iteration in
            Session(
                id: "generated-\(iteration)", ime: .other, source: .init(kind: .fuzz, detail: ""),
                initial: FieldState(text: .empty), events: fuzzer.events(seed: 7, iteration: iteration))
        }
        return [("generated replay", generated), ("corpus replay", Repository.sessions().sessions)]
    }

    /// A replay that keeps no traces builds no step whole and checks each call as it is
    /// made; it must find exactly what a traced replay finds.
    @Test(arguments: rules)
    func replayWithoutTracesFindsWhatATracedReplayFinds(_ spec: String) throws {
        let replayer = try Replayer()
        let rule = try RuleCatalogue.full.rule(spec)
        for (name, sessions) in try Self.sessions(try Fixtures.fuzzer(spec)) {
            for session in sessions {
                let traced = replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)
                let untraced = replayer.run(session, profiles: Fixtures.profiles, rules: [rule])
                #expect(untraced.count == 1 && traced.count == 1)
                var stripped = traced[0]
                stripped.traces = []
                #expect(!traced[0].traces.isEmpty, "\(name) \(session.id)")
                #expect(untraced[0] == stripped, "\(spec) \(name) \(session.id)")
            }
        }
    }

    /// The fuzzer checks plain steps (``Replayer/StepMade/plain(called:)``) as such: it must
    /// find, message for message, what it finds checking every step made whole.
    @Test(arguments: rules)
    func fuzzingFindsWithPlainStepsWhatItFindsWithEveryStepWhole(_ spec: String) throws {
        let fuzzer = try Fixtures.fuzzer(spec)
        for iteration in 0..<150 {
            let events = fuzzer.events(seed: 11, iteration: iteration)
            let traits = fuzzer.traits(seed: 11, iteration: iteration)
            #expect(
                fuzzer.failures(events, traits: traits) == fuzzer.failures(events, traits: traits, plainSteps: false),
                "\(spec) iteration \(iteration)")
        }
    }

    /// A rule whose every answer depends on every question it was asked before: a refusal
    /// every fifth call, an assignment during every seventh, one after every sixth change.
    /// Asked a question twice, or one question fewer, it answers differently from then on.
    /// Each instance that replay makes (``onDevice(region:)``) keeps its log.
    final class HistoryRule: InputRule, @unchecked Sendable {
        final class Instances: @unchecked Sendable {
            var made: [HistoryRule] = []
        }

        let instances: Instances
        var log: [String] = []

        init(instances: Instances) {
            self.instances = instances
        }

        var spec: String { "history" }

        func shouldChange(_ request: ChangeRequest) -> Bool {
            log.append("should \(request.field) \(request.call) \(request.profile)")
            return log.count % 5 != 3
        }

        func assignment(during request: ChangeRequest) -> TextAssignment? {
            log.append("during \(request.call)")
            return log.count % 7 == 4 ? TextAssignment(request.field.text) : nil
        }

        func editingChanged(_ change: FieldChange) -> TextAssignment? {
            log.append("changed \(change.before) \(change.after)")
            guard log.count % 6 == 1, let last = change.after.text.clusters.last else { return nil }
            return TextAssignment(change.after.text[UTF16Range(location: 0, length: last.range.location)])
        }

        func editing(_ moment: EditingMoment, field: FieldState, profile: String) -> EditingResponse {
            log.append("editing \(moment) \(field)")
            return EditingResponse()
        }

        func onDevice(region: String?) -> any InputRule {
            let rule = HistoryRule(instances: instances)
            instances.made.append(rule)
            return rule
        }
    }

    /// A replay that keeps no trace asks the rule exactly what a traced replay asks it, in
    /// the same order, and finds the same: whether a step is made whole or plain is decided
    /// after the rule has answered, never by asking again.
    @Test func aStatefulRuleIsAskedTheSameWithAndWithoutTraces() throws {
        let replayer = try Replayer()
        for (name, sessions) in try Self.sessions(try Fixtures.fuzzer("none")) {
            for session in sessions {
                let instances = HistoryRule.Instances()
                let rule = HistoryRule(instances: instances)
                let untraced = replayer.run(session, profiles: Fixtures.profiles, rules: [rule])[0]
                let untracedLog = instances.made.last?.log ?? []
                var traced = replayer.run(session, profiles: Fixtures.profiles, rules: [rule], traces: .all)[0]
                traced.traces = []
                #expect(untraced == traced, "\(name) \(session.id)")
                #expect(untracedLog == instances.made.last?.log, "\(name) \(session.id)")
            }
        }
    }

    /// Refuses every edit that inserts an "x" (a `shouldChange` filter).
    struct RefusesX: InputRule {
        var spec: String { "refuses-x" }
        func shouldChange(_ request: ChangeRequest) -> Bool { !request.call.replacement.units.contains(0x78) }
    }

    /// UIKit registers a refused edit with the undo manager once: undoing three times after
    /// a refusal finds each registered edit once, traced or not.
    @Test func aRefusedEditIsRegisteredForUndoOnce() throws {
        let replayer = try Replayer()
        let session = Session(
            id: "undo-after-refusal", ime: .other, source: .init(kind: .fuzz, detail: ""),
            initial: FieldState(text: .empty),
            events: [
                .insertText("a"), .insertText("b"), .insertText("x"), .insertText("c"), .undo, .undo, .undo, .redo,
                .undo, .undo,
            ])
        let untraced = replayer.run(session, profiles: Fixtures.profiles, rules: [RefusesX()])[0]
        var traced = replayer.run(session, profiles: Fixtures.profiles, rules: [RefusesX()], traces: .all)[0]
        // The refused "x" is undone once (its range no longer fits: nothing happens), then
        // "b", redone, and undone with "a".
        #expect(
            traced.traces.first?.steps.map(\.after.notation) == [
                "a|", "ab|", "ab|", "abc|", "ab|", "ab|", "a|", "ab|", "a|", "|",
            ])
        traced.traces = []
        #expect(untraced == traced)
    }

    @Test(arguments: rules)
    func replayAndFuzzingGiveTheRecordedDumps(_ spec: String) throws {
        let name = String(spec.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        try GoldenReportTests.compare(try Self.dump(of: spec), with: "equivalence/\(name).txt")
    }
}

/// A readable dump of replay and fuzz results: one line per event of each session, then one
/// per group of profiles that agree on the step: the field after it, each call with ✓
/// (accepted) or ✗ (refused), what else the step did.
struct Dump {
    private(set) var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    mutating func fuzz(_ result: FuzzResult, seed: UInt64) {
        line("== fuzz seed \(seed): \(result.iterations) iterations")
        for property in FuzzProperty.allCases where result.examined[property] != nil {
            line("examined \(property.rawValue): \(result.examined[property] ?? [])")
        }
        for failure in result.failures {
            line(
                "failure \(failure.property.rawValue) iteration \(failure.iteration) of \(failure.originalEvents) events, "
                    + "event \(failure.detail.event.map(String.init) ?? "-") \(failure.detail.profile): \(failure.detail.message)"
            )
            line("  shape \(failure.shape)")
            line("  session \(failure.session.initial.notation) \(failure.session.events)")
            traces(failure.traces)
        }
    }

    mutating func result(_ result: SessionResult) {
        line("session \(result.sessionID), \(result.eventCount) events")
        traces(result.traces)
        for finding in result.findings {
            line(
                "  \(finding.kind.rawValue) at \(finding.event.map(String.init) ?? "end") [\(finding.profiles.joined(separator: ", "))]: \(finding.message)"
            )
        }
        for count in result.omitted { line("  omitted \(count)") }
        let finals = result.finalText.map { "\($0.profile) \($0.value.visibleDescription)" }
        line("  final: " + finals.joined(separator: "; "))
    }

    /// Each event's step under every profile, profiles with the same step on one line.
    private mutating func traces(_ traces: [Trace]) {
        let events = traces.map(\.steps.count).max() ?? 0
        for index in 0..<events {
            var groups: [(step: String, profiles: [String])] = []
            for trace in traces where index < trace.steps.count {
                let step = Self.step(trace.steps[index])
                if let at = groups.firstIndex(where: { $0.step == step }) {
                    groups[at].profiles.append(trace.profile)
                } else {
                    groups.append((step, [trace.profile]))
                }
            }
            let event = traces.first { index < $0.steps.count }?.steps[index].event
            line("  \(index) \(event.map { "\($0)" } ?? "")")
            for group in groups { line("    \(group.profiles.joined(separator: ", ")): \(group.step)") }
        }
    }

    private static func step(_ step: TraceStep) -> String {
        // The field before the step is the one the step before it left: only the field after
        // it is written, and what a call saw only where that is not the field before it.
        var parts = [step.after.notation]
        for call in step.calls {
            var said = "\(call.call) \(call.accepted ? "✓" : "✗")"
            if call.seen != step.before { said += " seeing \(call.seen.notation)" }
            if let proposed = call.proposedText, proposed != call.resultingText {
                said += " proposing \(proposed.visibleDescription)"
            }
            if !call.accepted { said += " would leave \(call.resultingText.visibleDescription)" }
            if !call.rangeProblems.isEmpty { said += " \(call.rangeProblems)" }
            if call.isCompositionStep { said += " composing" }
            parts.append(said)
        }
        if let skipped = step.skipped { parts.append("skipped: \(skipped)") }
        if let rewritten = step.rewrittenTo {
            parts.append(
                "rewritten to \(rewritten.visibleDescription)"
                    + (step.rewriteEndedComposition ? ", ending a composition" : ""))
        }
        if !step.newBrokenSpots.isEmpty { parts.append("broken \(step.newBrokenSpots)") }
        if let fault = step.ruleFault { parts.append("fault: \(fault)") }
        if let summary = step.editingSummary { parts.append(summary) }
        return parts.joined(separator: "; ")
    }
}
