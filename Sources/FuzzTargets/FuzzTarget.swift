import Composition
import Foundation
import Fuzzing
import Graphemes
import HarnessCLI
import HarnessJSON
import InputRules
import KeyboardOverlap
import Reporting

/// The harness's inputs as libFuzzer targets: every reader of outside data, and what it
/// feeds, run on arbitrary bytes.
///
/// A target returns normally for any input, valid or not; anything else (a trap, an
/// address-sanitizer report, a leak, a time-out, running out of memory) is a bug. Each
/// also checks what must hold of the inputs it accepts, with `precondition`, so that a
/// wrong answer stops the fuzzer as a crash would.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// The JSON parser: what it accepts it writes back and reads again to the same value.
    case json
    /// Session documents, decoded and replayed under both shipped profiles with no rule.
    case session
    /// A rule (a spec on the first line, or an `ime-rule/1` document there), then a
    /// session document: the rule is built and the session replayed with it.
    case rules
    /// Results files (replay or fuzz JSON), read and rendered in every report format.
    case results
    /// Segmentation: the bytes as UTF-16 units (lone surrogates and all), the harness's
    /// scanner against ICU's break iterator.
    case segmentation
    /// Keyboard documents: a keyboard session replayed through every shipped handler
    /// under every shipped keyboard profile and rendered in every format, or a keyboard
    /// profile (its document written back reads as the same profile, and the fuzzer's
    /// generators lay out sessions on its screen and replay them under it), or keyboard
    /// fuzz results merged.
    case keyboard
    /// Baselines: a baseline document read, matched against a replay of a shipped-like
    /// session, written back and read again to the same baseline.
    case baseline
    /// The command line: the bytes split at NUL into argv, parsed and validated as each
    /// command would before it reads anything (``CLI/validate(_:)``): a message or
    /// nothing, never a trap.
    case arguments

    /// Runs the target on one input.
    package func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .json: Self.json(bytes)
        case .session: Self.replay(session: bytes, rules: [AcceptEverything()])
        case .rules: Self.rules(bytes)
        case .results: Self.results(bytes)
        case .segmentation: Self.segmentation(bytes)
        case .keyboard: Self.keyboard(bytes)
        case .baseline: Self.baseline(bytes)
        case .arguments: Self.arguments(bytes)
        }
    }

    /// The shipped keyboard profiles, read once from `Corpora/keyboard-profiles`.
    private static let keyboardProfiles: [KeyboardProfile] = {
        let store = ProfileStore(directory: corpora("keyboard-profiles"))
        let loaded = store.names().compactMap { try? KeyboardFiles.profile(named: $0, in: store) }
        precondition(!loaded.isEmpty, "run the fuzz targets from the checkout: no keyboard profiles")
        return loaded
    }()

    private static func keyboard(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        if let profile = try? KeyboardProfile(json: JSONNode(value)) {
            precondition(
                (try? KeyboardProfile(json: JSONNode(profile.json))) == profile, "a profile changed through JSON")
            // The generators lay windows and fields out on any screen the loader accepts.
            let fuzzer = KeyboardFuzzer(handler: KeyboardHandlers.all[0], profiles: [profile])
            _ = fuzzer.run(seed: UInt64(bytes.count), iterations: 3, seconds: nil)
            return
        }
        if let result = try? KeyboardFuzzResult(json: JSONNode(value)) {
            _ = try? KeyboardFuzzResult.merging([result])
            return
        }
        guard case .success(let session) = KeyboardFiles.decode(bytes, file: "input") else { return }
        let run = KeyboardRun(sessions: [session], profiles: keyboardProfiles, handlers: KeyboardHandlers.all)
        for output in [run.markdown, run.html, run.junit, run.json.rendered()] { precondition(!output.isEmpty) }
        precondition(
            (try? KeyboardSession(json: JSONNode(JSONParser.parse(session.document)))) == session,
            "a session changed through JSON")
    }

    /// A replay whose findings a baseline is matched against: a Zhuyin commit, which iOS
    /// 26's model reports as a platform discrepancy.
    private static let baselineReport: Report = {
        let document =
            #"{"format":"ime-session/1","id":"wang","ime":"zhuyin","source":{"kind":"authored","detail":"x"},"#
            + #""initial":{"text":""},"events":[{"op":"setMarkedText","text":"ㄨ","selectedRange":[1,0]},"#
            + #"{"op":"insertText","text":"王"}]}"#
        guard case .success(let session) = SessionFiles.decode(Array(document.utf8), file: "wang", line: nil),
            let replayer = try? Replayer()
        else { preconditionFailure("the baseline target's session cannot be replayed") }
        let results = replayer.run(session, profiles: profiles, rules: [AcceptEverything()], traces: .none)
        var report = Report(replay: results, profiles: profiles.map(\.name), rules: ["none"], errors: [])
        report.gate = .all
        report.sessionHashes = [session.id: session.contentHash]
        return report
    }()

    private static func baseline(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = try? JSONParser.parse(bytes), let baseline = try? Baseline(json: JSONNode(value)) else {
            return
        }
        var report = baselineReport
        report.baseline = baseline
        let outcome = report.outcome
        precondition(outcome.accepted <= report.findingCount, "a baseline accepted more findings than were found")
        for output in [report.markdown, report.summary(fullReport: nil), report.headline] {
            precondition(!output.isEmpty)
        }
        let written = baseline.json.rendered()
        guard let again = try? Baseline(json: JSONNode(JSONParser.parse(written))) else {
            preconditionFailure("a baseline cannot read what a baseline wrote")
        }
        precondition(again == baseline, "a baseline changed through JSON")
    }

    private static func arguments(_ bytes: UnsafeBufferPointer<UInt8>) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if let message = CLI.validate(arguments) {
            precondition(message.hasSuffix("\n") && message.dropLast().allSatisfy { $0 != "\n" }, "not one line")
        }
    }

    private static func json(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        for pretty in [true, false] {
            let written = value.rendered(pretty: pretty)
            guard let again = try? JSONParser.parse(written) else {
                preconditionFailure("the parser rejects what the writer wrote: \(written.prefix(200))")
            }
            precondition(again.rendered(pretty: pretty) == written, "a round trip changed the document")
        }
    }

    /// `Corpora/<name>` of the checkout the targets run from, or beside the program (where
    /// `.clusterfuzzlite/build.sh` puts it for ClusterFuzzLite, which runs them anywhere).
    private static func corpora(_ name: String) -> String {
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let beside = program.appendingPathComponent("Corpora/\(name)").path
        return FileManager.default.fileExists(atPath: "Corpora/\(name)") ? "Corpora/\(name)" : beside
    }

    /// The shipped profiles, read once from `Corpora/profiles`.
    private static let profiles: [PlatformProfile] = {
        let store = ProfileStore(directory: corpora("profiles"))
        let loaded = store.names().compactMap { try? store.profile(named: $0) }
        precondition(!loaded.isEmpty, "run the fuzz targets from the checkout: no profiles in Corpora/profiles")
        return loaded
    }()

    /// The replay limits of the targets: small, so that a long session costs little.
    private static let limits = ReplayLimits(steps: 20, discrepancies: 50, textUnits: 100_000)

    private static func replay(session bytes: UnsafeBufferPointer<UInt8>, rules: [any InputRule]) {
        guard case .success(let session) = SessionFiles.decode(bytes, file: "input", line: nil) else { return }
        guard let replayer = try? Replayer() else { preconditionFailure("ICU's break iterator cannot be opened") }
        let results = replayer.run(session, profiles: profiles, rules: rules, traces: .all, limits: limits)
        precondition(results.count == rules.count)
        let report = Report(replay: results, profiles: profiles.map(\.name), rules: rules.map(\.spec), errors: [])
        render(report)
        // What a replay writes, `report` reads back to the same report.
        let written = report.json.rendered()
        guard let read = try? Report(json: JSONNode(JSONParser.parse(written))) else {
            preconditionFailure("report cannot read what replay wrote")
        }
        precondition(read.json.rendered() == written, "the results changed on the way through JSON")
    }

    private static func rules(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return }
        let head = UnsafeBufferPointer(rebasing: bytes[..<newline])
        let rule: (any InputRule)?
        if head.first == UInt8(ascii: "{") {
            rule = (try? RuleFile(head, path: "input")).flatMap { try? RuleCatalogue.full.rule($0.spec) }
        } else {
            rule = String(validating: head, as: UTF8.self).flatMap { try? RuleCatalogue.full.rule($0) }
        }
        guard let rule else { return }
        replay(session: UnsafeBufferPointer(rebasing: bytes[(newline + 1)...]), rules: [rule])
    }

    private static func results(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        if let result = try? FuzzResult(json: JSONNode(value)) {
            _ = try? FuzzResult.merging([result, result])
        }
        guard let report = try? Report(json: JSONNode(value)) else { return }
        render(report)
    }

    /// Every format, each checked for the one thing all must be: text.
    private static func render(_ report: Report) {
        for output in [report.markdown, report.html(), report.junit, report.matrix, report.json.rendered()] {
            precondition(!output.isEmpty)
        }
    }

    private static func segmentation(_ bytes: UnsafeBufferPointer<UInt8>) {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            units.append(UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
            index += 2
        }
        let text = UTF16Text(units: units)
        let icu = GraphemeSegmenter.withSegmenter { $0.icuBoundaries(of: text) }
        precondition(text.graphemeBoundaries == icu, "the scanner and ICU disagree on \(text.visibleDescription)")
        precondition(text.graphemeCount == icu.count - 1)
        if let string = String(validating: text) {
            let utf8 = Array(string.utf8)
            let scanned = utf8.withUnsafeBufferPointer { GraphemeScanner.boundaries(utf8: $0) }
            precondition(scanned.count == icu.count, "UTF-8 and UTF-16 scans disagree on \(text.visibleDescription)")
        }
    }
}
