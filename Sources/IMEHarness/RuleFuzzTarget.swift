import Composition
import Foundation
import Fuzzing

/// A coverage-guided fuzz target for a rule: libFuzzer's input bytes decode into a
/// plausible IME session (structure-aware: the bytes are the generator's choices, so
/// every input is a session the random fuzzer could have made, and mutating a byte
/// changes a choice), replayed with the rule under the shipped profiles and checked for
/// every property of its contract.
///
/// ```swift
/// import IMEHarness
///
/// let target = RuleFuzzTarget(rule: MyLimit(), contract: .maxLength(20, .graphemes))
///
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
///     target.check(UnsafeBufferPointer(start: data, count: size))
///     return 0
/// }
/// ```
///
/// Build the program with `-sanitize=fuzzer` (see `Examples/RuleFuzzing`). When a property
/// fails, ``check(_:)`` writes the session as an `ime-session/1` counterexample to the
/// directory in `IMEHARNESS_COUNTEREXAMPLES` (default: the current directory), which
/// `ime-harness replay` reads, and stops the process, which libFuzzer records as a crash
/// with the input that caused it.
public final class RuleFuzzTarget: @unchecked Sendable {
    // libFuzzer calls a target from one thread; the fuzzer keeps a replayer it reuses.
    private let fuzzer: Fuzzer
    /// The directory counterexamples are written to.
    public let directory: String
    /// The property that stops the run, when only one should (`nil`: any).
    public let property: String?

    /// A target for `rule`, with `contract` when the rule does not state its own; with
    /// `property` (`broken-text`, …), only that property's failures stop the run.
    public init(
        rule: some InputRule, contract: RuleContract? = nil, property: String? = nil, profiles: [Profile] = Profile.all
    ) {
        self.property = property
        let checked: any InputRule = contract.map { ContractedRule(base: rule, contract: $0) } ?? rule
        do {
            fuzzer = try Fuzzer(
                rule: checked, profiles: profiles.map(\.platform),
                inventory: Inventory(fuzzingDirectory: BundledData.directory + "/fuzzing"))
        } catch {
            preconditionFailure("IMEHarness's bundled fuzzing data does not load: \(error)")
        }
        directory = ProcessInfo.processInfo.environment["IMEHARNESS_COUNTEREXAMPLES"] ?? "."
    }

    /// The session `bytes` decode to.
    public func session(_ bytes: UnsafeBufferPointer<UInt8>) -> Session {
        let (events, traits) = fuzzer.events(script: Array(bytes))
        var session = Session(
            id: "libfuzzer", ime: traits.ime, source: .init(kind: .fuzz, detail: "decoded from a libFuzzer input"),
            initial: FieldState(text: .empty), events: events)
        session.secureTextEntry = traits.secure
        return session
    }

    /// The properties `bytes`' session breaks, each with its message (empty: none).
    public func failures(_ bytes: UnsafeBufferPointer<UInt8>) -> [(property: String, message: String)] {
        let (events, traits) = fuzzer.events(script: Array(bytes))
        return fuzzer.failures(events, traits: traits).map { ($0.property.rawValue, $0.message) }
    }

    /// Checks the session `bytes` decode to; on a failure writes the minimised session
    /// to ``directory`` and stops the process.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        let (events, traits) = fuzzer.events(script: Array(bytes))
        guard
            let failure = fuzzer.failures(events, traits: traits).first(where: {
                property.map($0.property.rawValue.elementsEqual) ?? true
            })
        else { return }
        let example = fuzzer.recheckable(failure, events: events, traits: traits)
        var names = FileNames(directory: directory)
        let path = names.path(for: example.session.id, suffix: ".json")
        try? example.session.document.write(toFile: path, atomically: true, encoding: .utf8)
        fatalError(
            "IMEHarness: \(failure.property.rawValue) under \(failure.profile): \(failure.message); minimised to \(example.session.events.count) events in \(path)"
        )
    }
}
