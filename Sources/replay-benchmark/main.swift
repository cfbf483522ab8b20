// replay-benchmark: events per second and peak memory of replaying a generated corpus.
//
// USAGE: swift run -c release replay-benchmark [--sessions N] [--rounds N] [--profiles DIR]
//
// Generates N sessions (default 10,000, about 20 events each, mixed input methods),
// writes them to a temporary .jsonl file and measures, under both shipped profiles
// with no rule: (1) replay alone, over sessions already in memory; (2) the whole
// pipeline streamed from the .jsonl file (parse, decode, replay, detect). Events are
// counted once per profile. Peak memory is measured for the streaming pipeline in
// child processes with N and 4×N sessions: flat memory means the two peaks match.
// Exit code 1 when replay alone is below 2,000,000 events/s (--no-target: never, for
// CI's smoke run). --replay-only skips the streaming and memory measurements (for a
// profiler).
//
// --growing N,N,… replays instead one session of N one-letter insertions each (the text
// grows to N units) and prints the time per event of each (median of three, after one
// warm-up replay of the first) against the first, keeping no trace and keeping traces: where an event's cost does not depend
// on the length of the text before it, the ratios stay near 1 (issue 37 asks for
// 10000,100000,1000000; see docs/hostile-input.md).

import Composition
import Foundation
import Graphemes
import SeededRandom

func value(_ flag: String, default fallback: String) -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let profilesDirectory = value("--profiles", default: "Corpora/profiles")
let store = ProfileStore(directory: profilesDirectory)
let profiles: [PlatformProfile]
do {
    profiles = try ["ios18-single", "ios26-multi"].map { name throws(ProfileError) in try store.profile(named: name) }
} catch {
    FileHandle.standardError.write(
        Data("replay-benchmark: \(error) (run from the package root or pass --profiles)\n".utf8))
    exit(2)
}
let replayer = try! Replayer()  // benchmark only: ICU is known to work here

/// Streams a .jsonl file through replay and detection; returns (sessions, events, discrepancies).
@MainActor func stream(_ path: String) -> (Int, Int, Int) {
    var sessions = 0
    var events = 0
    var discrepancies = 0
    SessionFiles.read(path) { result in
        guard case .success(let session) = result else { return }
        for outcome in replayer.run(session, profiles: profiles, rules: [AcceptEverything()]) {
            sessions += 1
            events += outcome.eventCount * profiles.count
            discrepancies += outcome.findings.count
        }
    }
    return (sessions, events, discrepancies)
}

/// Writes `count` generated sessions to a .jsonl file.
func writeCorpus(count: Int, to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: nil)  // FileHandle says whether it worked
    guard let handle = FileHandle(forWritingAtPath: path) else { exit(2) }
    var rng = SplitMix64(seed: 42)
    var buffer = ""
    for index in 0..<count {
        buffer += SessionGenerator.session(index: index, rng: &rng).json.rendered(pretty: false) + "\n"
        if buffer.utf8.count > 1 << 20 {
            handle.write(Data(buffer.utf8))
            buffer = ""
        }
    }
    handle.write(Data(buffer.utf8))
    try? handle.close()
}

// Child mode: stream one file and print the peak memory.
if CommandLine.arguments.contains("--child-stream") {
    let (sessions, events, _) = stream(value("--child-stream", default: ""))
    print("\(sessions) \(events) \(peakMemoryMiB())")
    exit(0)
}

if let sizes = CommandLine.arguments.firstIndex(of: "--growing").map({ _ in value("--growing", default: "") }) {
    let counts = sizes.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
    print("replay-benchmark: one session of N one-letter insertions under both profiles, rule none")
    var first: (plain: Double, traced: Double)?
    func growing(_ count: Int) -> Session {
        Session(
            id: "growing", ime: .latin, source: .init(kind: .authored, detail: "growing text"),
            initial: FieldState(text: .empty, selection: .caret(at: 0)),
            events: Array(repeating: .insertText(UTF16Text("a")), count: count))
    }
    if let count = counts.first { _ = replayer.run(growing(count), profiles: profiles, rules: [AcceptEverything()]) }
    // Each size is replayed keeping no trace (a run that counts) and keeping traces for
    // a report (`replay`'s own runs, whose steps are made whole).
    func perEvent(_ session: Session, traces: TraceKeeping) -> Double {
        median(
            (0..<3).map { _ in
                let start = now()
                _ = replayer.run(session, profiles: profiles, rules: [AcceptEverything()], traces: traces)
                return (now() - start) / Double(session.events.count) * 1e6
            })
    }
    for count in counts {
        let session = growing(count)
        let times = (plain: perEvent(session, traces: .none), traced: perEvent(session, traces: .whenFound))
        let baseline = first ?? times
        first = baseline
        print(
            String(
                format: "  %9d events: %8.2f µs per event (%.1f× the first); traced %8.2f µs (%.1f×)", count,
                times.plain, times.plain / baseline.plain, times.traced, times.traced / baseline.traced))
    }
    exit(0)
}

let count = Int(value("--sessions", default: "10000")) ?? 10_000
let rounds = Int(value("--rounds", default: "5")) ?? 5
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-benchmark-\(getpid())")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let small = directory.appendingPathComponent("sessions.jsonl").path
let large = directory.appendingPathComponent("sessions-x4.jsonl").path
writeCorpus(count: count, to: small)
// The larger corpus only measures memory, which --replay-only skips.
if !CommandLine.arguments.contains("--replay-only") { writeCorpus(count: count * 4, to: large) }

var inMemory: [Session] = []
SessionFiles.read(small) { if case .success(let session) = $0 { inMemory.append(session) } }
let totalEvents = inMemory.reduce(0) { $0 + $1.events.count } * profiles.count

print(
    "replay-benchmark: \(inMemory.count) sessions, \(totalEvents / profiles.count) events each replayed under \(profiles.map(\.name).joined(separator: " and ")), rule none; \(rounds) rounds, medians"
)
print(
    "events/s below counts each profile's replay of an event (\(totalEvents) per round); per session event, halve it.")
var replayRates: [Double] = []
var streamRates: [Double] = []
var discrepancies = 0
for _ in 0..<rounds {
    var start = now()
    var found = 0
    for session in inMemory {
        for outcome in replayer.run(session, profiles: profiles, rules: [AcceptEverything()]) {
            found += outcome.findings.count
        }
    }
    replayRates.append(Double(totalEvents) / (now() - start))
    discrepancies = found
    if CommandLine.arguments.contains("--replay-only") { continue }
    start = now()
    let (_, events, _) = stream(small)
    streamRates.append(Double(events) / (now() - start))
}
print(String(format: "  replay + detection, sessions in memory:   %10.0f events/s (one core)", median(replayRates)))
if !streamRates.isEmpty {
    print(String(format: "  streamed from .jsonl (parse + replay):    %10.0f events/s (one core)", median(streamRates)))
}
print("  discrepancies found per round: \(discrepancies)")

@MainActor func childPeak(_ path: String) -> (Int, Double) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.arguments = ["--child-stream", path, "--profiles", profilesDirectory]
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ")
    return (
        Int(fields.first ?? "") ?? 0, Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    )
}
if CommandLine.arguments.contains("--replay-only") { exit(0) }
let (smallSessions, smallPeak) = childPeak(small)
let (largeSessions, largePeak) = childPeak(large)
print(
    String(
        format: "  peak memory streaming %d sessions: %.1f MiB; %d sessions: %.1f MiB (ratio %.2f)", smallSessions,
        smallPeak, largeSessions, largePeak, largePeak / max(smallPeak, 1)))
let target = 2_000_000.0
if CommandLine.arguments.contains("--no-target") {
    print("Speed target not checked (--no-target).")
} else if median(replayRates) >= target {
    print("Target met: replay ≥ 2,000,000 events/s.")
} else {
    print("TARGET MISSED: replay below 2,000,000 events/s.")
    exit(1)
}
