// hostile-benchmark: the hostile inputs of HostileInputs at full size, each run by the
// release ime-harness in a child process, side by side, with its wall time and peak
// memory (wait4's ru_maxrss) checked against its bound, and its answer against the
// documented one: a million events, a 200,000-key object, a regex that backtracks
// forever, 10 MB of text.
//
// USAGE: swift build -c release && swift run -c release hostile-benchmark [--scale test|full]
//
// Exit code 1 when an input takes longer or more memory than its bound, or answers
// otherwise than documented. `--scale test` runs the small inputs of the test suite
// (CI's smoke run); bounds are then not checked.

import Foundation
import HarnessTestSupport

let arguments = CommandLine.arguments
let scale: Scale = arguments.contains("test") ? .test : .full
let root = FileManager.default.currentDirectoryPath
let executable = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent().appendingPathComponent("ime-harness")
    .path
guard FileManager.default.isExecutableFile(atPath: executable) else {
    print("hostile-benchmark: no \(executable): run 'swift build -c release' first")
    exit(2)
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imeharness-hostile-bench").path
let profiles = root + "/Corpora/profiles"
if let index = arguments.firstIndex(of: "--write-inputs") {
    // The child that writes the files, so that the parent's peak memory (which every
    // child it spawns starts from, in Linux's ru_maxrss) stays small.
    _ = try HostileInputs.make(in: arguments[index + 1], scale: scale, profiles: profiles)
    exit(0)
}
try? FileManager.default.removeItem(atPath: directory)
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }
let writer = Process()
writer.executableURL = URL(fileURLWithPath: arguments[0])
writer.arguments = ["--write-inputs", directory, "--scale", scale == .full ? "full" : "test"]
try writer.run()
writer.waitUntilExit()
guard writer.terminationStatus == 0 else {
    print("hostile-benchmark: the inputs could not be written")
    exit(2)
}
let inputs = try HostileInputs.make(in: directory, scale: scale, profiles: profiles, writing: false)

/// Runs `input` in a child process: its exit status (or -signal), seconds, peak MiB and standard error.
func run(_ input: HostileInput) -> (status: Int32, seconds: Double, megabytes: Double, error: String) {
    let errorPath = directory + "/stderr"
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
        &actions, 1, input.standardOutputToFullDevice ? "/dev/full" : "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + input.arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return (-1, 0, 0, "spawn failed") }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    let exited = status & 0x7F == 0
    return (exited ? (status >> 8) & 0xFF : -(status & 0x7F), seconds, Double(usage.ru_maxrss) / 1024, error)
}

var failures = 0
print("hostile-benchmark (\(scale == .full ? "full size" : "test size"), \(inputs.count) inputs)")
print("| input | exit | seconds (bound) | peak MiB (bound) | verdict |")
print("|---|---:|---:|---:|---|")
for input in inputs {
    let result = run(input)
    var problems: [String] = []
    let lines = result.error.split(separator: "\n")
    switch input.expectation {
    case .error(let message):
        if result.status != 2 { problems.append("exit \(result.status), expected 2") }
        if lines.count != 1 || !result.error.contains(message) {
            problems.append("stderr: \(result.error.prefix(200))")
        }
    case .result(let status):
        if result.status != status { problems.append("exit \(result.status), expected \(status)") }
        if !lines.allSatisfy(HostileInput.isResultLine) {
            problems.append("stderr: \(result.error.prefix(200))")
        }
    }
    if scale == .full {
        if result.seconds > input.seconds { problems.append("took longer than \(input.seconds) s") }
        if result.megabytes > Double(input.megabytes) { problems.append("used more than \(input.megabytes) MiB") }
    }
    failures += problems.isEmpty ? 0 : 1
    print(
        "| \(input.name) | \(result.status) | \(String(format: "%.2f", result.seconds)) (\(Int(input.seconds))) | "
            + "\(String(format: "%.1f", result.megabytes)) (\(input.megabytes)) | "
            + (problems.isEmpty ? "ok" : "FAIL: " + problems.joined(separator: "; ")) + " |")
}
print(failures == 0 ? "all \(inputs.count) inputs answered within their bounds" : "\(failures) inputs failed")
exit(failures == 0 ? 0 : 1)
