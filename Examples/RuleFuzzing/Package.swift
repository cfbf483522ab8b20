// swift-tools-version: 6.1
//
// Coverage-guided fuzzing of a rule with libFuzzer, through IMEHarness's RuleFuzzTarget:
// `rule-fuzz` is the libFuzzer target (build it with the fuzzer sanitizer, see README.md),
// `rule-fuzz-random` feeds the same decoder random bytes instead, for the comparison, and
// `PlantedRules` holds rules with bugs behind nested conditions.

import PackageDescription

let package = Package(
    name: "RuleFuzzing",
    dependencies: [.package(name: "IMEHarness", path: "../..")],
    targets: [
        .target(name: "PlantedRules", dependencies: [.product(name: "IMEHarness", package: "IMEHarness")]),
        .executableTarget(
            name: "rule-fuzz", dependencies: ["PlantedRules", .product(name: "IMEHarness", package: "IMEHarness")]),
        .executableTarget(
            name: "rule-fuzz-random",
            dependencies: ["PlantedRules", .product(name: "IMEHarness", package: "IMEHarness")]),
        .testTarget(
            name: "PlantedRulesTests",
            dependencies: ["PlantedRules", .product(name: "IMEHarness", package: "IMEHarness")]),
    ],
    swiftLanguageModes: [.v6]
)
