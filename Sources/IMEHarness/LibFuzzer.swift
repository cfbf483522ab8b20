import Foundation

/// A program's `main` for a libFuzzer target, shared by the harness's own targets and the
/// ones users build (``RuleFuzzTarget``, `Examples/RuleFuzzing`).
///
/// Built with `-sanitize=fuzzer,address -DFUZZING` (every module, as `scripts/fuzz` and
/// the example do), it hands control to libFuzzer's driver, which calls `check` with each
/// input. Built plainly, it calls `check` with the contents of each file its arguments
/// name — to reproduce a crash — and says how many it ran.
public enum LibFuzzer {
    /// Runs `check` as described, then exits.
    public static func main(_ name: String, arguments: [String], check: @escaping (UnsafeBufferPointer<UInt8>) -> Void)
        -> Never
    {
        #if FUZZING
            body = check
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzerDriver(&argc, &argv) { data, size in
                    LibFuzzer.body?(UnsafeBufferPointer(start: data, count: size))
                    return 0
                })
        #else
            for path in arguments {
                // libFuzzer's own inputs are small; -max_len defaults to 4 KB.
                guard let data = try? FileContents.read(path, limit: 64 << 20) else {
                    FileHandle.standardError.write(Data("\(name): \(path): cannot be read\n".utf8))
                    exit(2)
                }
                data.withUnsafeBufferPointer { check($0) }
            }
            print("\(name): \(arguments.count) inputs, no failure")
            exit(0)
        #endif
    }

    #if FUZZING
        /// The check libFuzzer's C callback calls: a program has one.
        nonisolated(unsafe) static var body: ((UnsafeBufferPointer<UInt8>) -> Void)?
    #endif
}

#if FUZZING
    /// libFuzzer's entry point for programs that have their own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif
