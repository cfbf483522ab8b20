// The libFuzzer target: every input decodes into an IME session (RuleFuzzTarget), replayed
// with the rule IMEHARNESS_RULE names (default planted-3; see PlantedRules) under the
// shipped profiles. A property that fails (only IMEHARNESS_PROPERTY, when set) stops the run
// with the minimised session written to IMEHARNESS_COUNTEREXAMPLES (default: the current
// directory) as an ime-session/1 file `ime-harness replay` reads.
//
// Built with the fuzzer sanitizer and -DFUZZING it hands control to libFuzzer's driver;
// built plainly it checks the inputs in the files it is given (to reproduce a crash):
//   swift build -c release --product rule-fuzz --scratch-path .build/fuzz \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
//   IMEHARNESS_RULE=legacy-truncate-count:limit=6 .build/fuzz/release/rule-fuzz -max_total_time=60
import Foundation
import IMEHarness
import PlantedRules

@main enum RuleFuzz {
    static func main() {
        let target = RuleFuzzTarget(
            rule: PlantedRules.fromEnvironment(), property: ProcessInfo.processInfo.environment["IMEHARNESS_PROPERTY"])
        #if FUZZING
            let files: [String] = []
        #else
            let files = Array(CommandLine.arguments.dropFirst())
        #endif
        LibFuzzer.main("rule-fuzz", arguments: files) { target.check($0) }
    }
}
