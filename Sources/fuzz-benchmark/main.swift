// fuzz-benchmark: how fast the fuzzer checks sessions, and how fast it shrinks failures.
//
// USAGE: swift run -c release fuzz-benchmark [--sessions N] [--rounds N] [--no-target]
//
// (1) Sessions per second of the whole fuzzing loop (generate, replay under both shipped
//     profiles, check every property, on one core) for
//     max-length:limit=20,unit=graphemes,enforcement=after-composition, against two
//     baselines measured in the same run on the same sessions: generation alone, and
//     replay alone with no rule and no checks. Medians of --rounds rounds (default 5)
//     of --sessions sessions (default 20,000).
// (2) For each legacy rule, the time to shrink the first failure of its documented
//     property (seed 0), median of 3 shrinks.
// --fuzz-only measures the fuzzing loop alone (for a profiler), and prints only its rate.
// Exit 1 when (1) is under issue 20's target, 30,000 sessions/s (what its "done when"
// asks), or a shrink takes a second or more (--no-target: never, for CI's smoke run). The
// issue's other aim, 0.4× generation alone, is printed met or not beside it: set when
// generation ran 77,000 sessions/s, it is the same 30,000/s, and generation has since
// become twice as fast, so it now asks the replay and checks of a session to take no more
// than 1.5 times what generating it does.
// scripts/hypothesis-peer runs this next to the equivalent Hypothesis property test.

import Composition
import Foundation
import Fuzzing
import Graphemes
import InputRules

func value(_ flag: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count,
        let number = Int(arguments[index + 1])
    else { return fallback }
    return number
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let sessions = value("--sessions", default: 20_000)
let rounds = value("--rounds", default: 5)
let store = ProfileStore(directory: "Corpora/profiles")
let profiles: [PlatformProfile]
let inventory: Inventory
do {
    profiles = try ["ios18-single", "ios26-multi"].map { name throws(ProfileError) in try store.profile(named: name) }
    inventory = try Inventory(fuzzingDirectory: "Corpora/fuzzing")
} catch {
    FileHandle.standardError.write(Data("fuzz-benchmark: \(error) (run from the package root)\n".utf8))
    exit(2)
}

func fuzzer(_ spec: String) -> Fuzzer {
    do {
        return try Fuzzer(rule: RuleCatalogue.full.rule(spec), profiles: profiles, inventory: inventory)
    } catch {
        FileHandle.standardError.write(Data("fuzz-benchmark: \(spec): \(error)\n".utf8))
        exit(2)
    }
}

let spec = "max-length:limit=20,unit=graphemes,enforcement=after-composition"
let subject = fuzzer(spec)
let replayer = try! Replayer()  // benchmark only: ICU is known to work here
var fuzzRates: [Double] = []
var generateRates: [Double] = []
var replayRates: [Double] = []
var ruleRates: [Double] = []
var events = 0
if CommandLine.arguments.contains("--fuzz-only") {
    for round in 0..<rounds {
        let start = now()
        let result = subject.run(seed: UInt64(round), iterations: sessions, seconds: nil)
        fuzzRates.append(Double(result.iterations) / (now() - start))
    }
    print(String(format: "fuzzing (generate+replay+check): %.0f sessions/s", median(fuzzRates)))
    exit(0)
}
for round in 0..<rounds {
    let seed = UInt64(round)
    var start = now()
    var generated: [[SessionEvent]] = []
    generated.reserveCapacity(sessions)
    for iteration in 0..<sessions { generated.append(subject.events(seed: seed, iteration: iteration)) }
    generateRates.append(Double(sessions) / (now() - start))
    events = generated.reduce(0) { $0 + $1.count }
    start = now()
    for events in generated {
        let session = Session(
            id: "b", ime: .other, source: .init(kind: .fuzz, detail: ""), initial: FieldState(text: .empty),
            events: events)
        _ = replayer.run(session, profiles: profiles, rules: [AcceptEverything()])
    }
    replayRates.append(Double(sessions) / (now() - start))
    start = now()
    for events in generated {
        let session = Session(
            id: "b", ime: .other, source: .init(kind: .fuzz, detail: ""), initial: FieldState(text: .empty),
            events: events)
        _ = replayer.run(session, profiles: profiles, rules: [subject.rule], traces: .all)
    }
    ruleRates.append(Double(sessions) / (now() - start))
    start = now()
    let result = subject.run(seed: seed, iterations: sessions, seconds: nil)
    fuzzRates.append(Double(result.iterations) / (now() - start))
}
let fuzzRate = median(fuzzRates)
print("fuzz-benchmark: \(spec), both profiles, one core")
print("  sessions: \(sessions) per round (\(events / sessions) events each on average), \(rounds) rounds, medians")
print(String(format: "  generation alone:            %9.0f sessions/s", median(generateRates)))
print(String(format: "  replay alone (rule none):    %9.0f sessions/s", median(replayRates)))
print(String(format: "  replay with the rule, traced: %8.0f sessions/s", median(ruleRates)))
let generateRate = median(generateRates)
print(
    String(
        format:
            "  fuzzing (generate+replay+check): %6.0f sessions/s = %.2f× generation alone, %.2f× replay alone; target 30,000/s, aim 0.4× generation (the ratio to Hypothesis: scripts/hypothesis-peer)",
        fuzzRate, fuzzRate / generateRate, fuzzRate / median(replayRates)))

let legacy = Fuzzer.documentedFailures
var slowest = 0.0
print("  shrinking the first failure (seed 0), median of 3:")
for (spec, property) in legacy {
    let subject = fuzzer(spec)
    guard
        let failing = (0..<5000).lazy.map({ subject.events(seed: 0, iteration: $0) }).first(where: { events in
            subject.failures(events).contains { $0.property == property }
        })
    else {
        print("    \(spec): no \(property.rawValue) failure in 5000 sessions")
        slowest = .infinity
        continue
    }
    var times: [Double] = []
    var shrunk: [SessionEvent] = []
    for _ in 0..<3 {
        let start = now()
        shrunk = subject.shrink(failing, property: property)
        times.append(now() - start)
    }
    slowest = max(slowest, median(times))
    let name = "\(spec) \(property.rawValue):".padding(toLength: 66, withPad: " ", startingAt: 0)
    print(String(format: "    %@ %3d → %d events in %6.1f ms", name, failing.count, shrunk.count, median(times) * 1000))
}
let met = fuzzRate >= 30_000 && slowest < 1
let ratioMet = fuzzRate >= 0.4 * generateRate
print("  targets (30,000 sessions/s; every shrink under 1 s): \(met ? "met" : "NOT met")")
print(
    String(
        format: "  aim (0.4× generation alone): %@ (%.2f×)", ratioMet ? "met" : "not met", fuzzRate / generateRate))
if !met && !CommandLine.arguments.contains("--no-target") { exit(1) }
