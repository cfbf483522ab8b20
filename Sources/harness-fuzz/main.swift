// The fuzz targets of FuzzTarget, as one program.
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, it hands control to
// libFuzzer's driver (LLVMFuzzerRunDriver), the target named by HARNESS_FUZZ_TARGET, or
// else by the program's own name: a copy called `harness-fuzz-session` fuzzes `session`
// (what ClusterFuzzLite runs: one binary per target, .clusterfuzzlite/build.sh).
// Built plainly, it runs a target over files: `harness-fuzz TARGET FILE...` (to
// reproduce a finding).
import Foundation
import FuzzTargets

#if FUZZING
    /// libFuzzer's entry point for programs that have their own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The target of this process, named by HARNESS_FUZZ_TARGET.
    nonisolated(unsafe) var target = FuzzTarget.json
#endif

@main enum HarnessFuzz {
    static func main() {
        #if FUZZING
            let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent
            let name =
                ProcessInfo.processInfo.environment["HARNESS_FUZZ_TARGET"]
                ?? (program.hasPrefix("harness-fuzz-") ? String(program.dropFirst("harness-fuzz-".count)) : "")
            guard let chosen = FuzzTarget(rawValue: name) else { usage() }
            target = chosen
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzerDriver(&argc, &argv) { data, size in
                    target.run(UnsafeBufferPointer(start: data, count: size))
                    return 0
                })
        #else
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else { usage() }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("harness-fuzz: \(path): cannot be read\n".utf8))
                    exit(2)
                }
                Array(data).withUnsafeBufferPointer { target.run($0) }
            }
            print("harness-fuzz \(name): \(arguments.count - 1) inputs, no failure")
        #endif
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
