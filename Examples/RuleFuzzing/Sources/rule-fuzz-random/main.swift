// The comparison's other side: the same decoder (RuleFuzzTarget) fed random bytes — what
// random generation does — until the rule IMEHARNESS_RULE names fails a property (only
// IMEHARNESS_PROPERTY, when set), or a time limit. Prints the time and the number of sessions to the first failure.
//
//   swift run -c release rule-fuzz-random [SECONDS] [SEED]     (defaults 60 and 0)
import Dispatch
import Foundation
import IMEHarness
import PlantedRules

let arguments = CommandLine.arguments
let limit = arguments.count > 1 ? Double(arguments[1]) ?? 60 : 60
var state = arguments.count > 2 ? UInt64(arguments[2]) ?? 0 : 0
let wanted = ProcessInfo.processInfo.environment["IMEHARNESS_PROPERTY"]
let target = RuleFuzzTarget(rule: PlantedRules.fromEnvironment(), property: wanted)
let start = DispatchTime.now().uptimeNanoseconds
func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
var sessions = 0
var bytes = [UInt8](repeating: 0, count: 1024)
while elapsed() < limit {
    for index in bytes.indices {
        // SplitMix64, one byte at a time: reproducible from the seed.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        bytes[index] = UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
    sessions += 1
    let failures = bytes.withUnsafeBufferPointer { target.failures($0) }
    if let first = failures.first(where: { wanted == nil || $0.property == wanted }) {
        print(String(format: "random: %@ after %d sessions in %.2f s", first.property, sessions, elapsed()))
        exit(0)
    }
}
print(String(format: "random: no failure in %d sessions, %.0f s", sessions, elapsed()))
exit(1)
