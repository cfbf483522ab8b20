// The fuzz targets of FuzzTarget, as one program.
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, it hands control to
// libFuzzer's driver (IMEHarness's LibFuzzer), the target named by HARNESS_FUZZ_TARGET, or
// else by the program's own name: a copy called `harness-fuzz-session` fuzzes `session`
// (what ClusterFuzzLite runs: one binary per target, .clusterfuzzlite/build.sh). Built
// plainly, it runs a target over files: `harness-fuzz TARGET FILE...` (to reproduce a
// finding).
import Foundation
import FuzzTargets
import IMEHarness

@main enum HarnessFuzz {
    static func main() {
        // Chosen in a function of its own, so that no string made on the way is still
        // alive when the process exits from inside libFuzzer (LeakSanitizer would say so).
        let target = chosen()
        #if FUZZING
            LibFuzzer.main("harness-fuzz", arguments: []) { target.run($0) }
        #else
            LibFuzzer.main("harness-fuzz", arguments: Array(CommandLine.arguments.dropFirst(2))) { target.run($0) }
        #endif
    }

    static func chosen() -> FuzzTarget {
        #if FUZZING
            let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent
            let name =
                ProcessInfo.processInfo.environment["HARNESS_FUZZ_TARGET"]
                ?? (program.hasPrefix("harness-fuzz-") ? String(program.dropFirst("harness-fuzz-".count)) : "")
        #else
            let name = CommandLine.arguments.dropFirst().first ?? ""
        #endif
        guard let target = FuzzTarget(rawValue: name) else { usage() }
        return target
    }

    static func usage() -> Never {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(
            Data(
                "usage: HARNESS_FUZZ_TARGET=\(names) harness-fuzz (fuzzing build), harness-fuzz \(names) FILE...\n".utf8
            ))
        exit(2)
    }
}
