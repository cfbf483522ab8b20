// swift-tools-version: 6.1
//
// IMEHarness: tests text-input rules the way real input methods exercise them.
// The only outside dependency is the system's ICU (Debian `libicu-dev`), reached
// through the `CICU` C target; see README.md for set-up.

import PackageDescription

let package = Package(
    name: "IMEHarness",
    products: [
        .executable(name: "ime-harness", targets: ["ime-harness"]),
        // The one library: what other packages' test targets (and the engine recorder,
        // Tools/ime-recorder) use: rules, sessions, replay, fuzzing, reports and the test
        // helpers, with the shipped corpus and profiles as resources. It re-exports the
        // public parts of Composition, Graphemes and Reporting.
        .library(name: "IMEHarness", targets: ["IMEHarness"]),
    ],
    targets: [
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        .target(name: "Graphemes", dependencies: ["CICU"]),
        // Catches a trap inside a rule under test so that it becomes a finding (see
        // Composition's RuleCaller); a C target because Swift cannot call sigsetjmp.
        .target(name: "CTrapGuard"),
        .target(name: "HarnessJSON", dependencies: ["Graphemes"]),
        .target(name: "Composition", dependencies: ["Graphemes", "HarnessJSON", "CTrapGuard"]),
        .target(name: "InputRules", dependencies: ["Composition", "Graphemes"]),
        .target(
            name: "Fuzzing", dependencies: ["InputRules", "Composition", "Graphemes", "HarnessJSON", "SeededRandom"]),
        // The keyboard covering the field: keyboard sessions, geometry and notification
        // profiles, overlap handlers (the seeds' and correct ones), invariants, fuzzing.
        .target(
            name: "KeyboardOverlap",
            dependencies: ["Composition", "HarnessJSON", "Fuzzing", "SeededRandom", "Graphemes"]),
        .target(
            name: "Reporting", dependencies: ["Fuzzing", "Composition", "HarnessJSON", "Graphemes", "KeyboardOverlap"]),
        .target(
            name: "IMEHarness",
            dependencies: [
                "Graphemes", "HarnessJSON", "Composition", "Fuzzing", "Reporting", "InputRules", "KeyboardOverlap",
                "SeededRandom", "IMEHarnessCorpora",
            ]),
        // The shipped corpus, profiles and fuzzing inventories, as the library's resources.
        // They live in Corpora/ itself, where the command line, the scripts and a user
        // copying them find real files (SwiftPM takes resources only from inside a
        // target's directory, so Corpora/ is that directory).
        .target(
            name: "IMEHarnessCorpora",
            path: "Corpora",
            exclude: [
                "README.md", "regressions", "rules", "ime-session.schema.json", "ime-rule.schema.json",
                "ime-keyboard-session.schema.json", "ime-replay-results.schema.json",
                "ime-fuzz-results.schema.json", "ime-keyboard-results.schema.json",
                "ime-keyboard-fuzz-results.schema.json",
            ],
            sources: ["IMEHarnessCorpora.swift"],
            resources: [
                .copy("sessions"), .copy("profiles"), .copy("fuzzing"), .copy("keyboard-profiles"),
                .copy("keyboard-sessions"), .copy("android-profiles"), .copy("android-sessions"),
            ]),
        .target(
            name: "HarnessCLI",
            dependencies: [
                "Graphemes", "HarnessJSON", "Composition", "InputRules", "Fuzzing", "Reporting", "KeyboardOverlap",
                "IMEHarness",
            ]),
        .executableTarget(name: "ime-harness", dependencies: ["HarnessCLI"]),
        // Every reader of outside data as a libFuzzer target (scripts/fuzz builds it with
        // the fuzzer and address sanitizers; built plainly it replays inputs from files).
        .target(
            name: "FuzzTargets",
            dependencies: [
                "Graphemes", "HarnessJSON", "Composition", "InputRules", "Fuzzing", "Reporting", "KeyboardOverlap",
                "HarnessCLI",
            ]),
        .executableTarget(
            name: "harness-fuzz", dependencies: ["FuzzTargets", "IMEHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .target(name: "SeededRandom"),
        .executableTarget(name: "graphemes-benchmark", dependencies: ["Graphemes", "SeededRandom"]),
        .executableTarget(
            name: "fuzz-benchmark", dependencies: ["Fuzzing", "InputRules", "Composition", "Graphemes"]),
        .executableTarget(name: "replay-benchmark", dependencies: ["Composition", "Graphemes", "SeededRandom"]),
        .executableTarget(name: "hostile-benchmark", dependencies: ["HarnessTestSupport"]),
        // What every test target shares: the checkout's root, the shipped profiles and corpus.
        .target(name: "HarnessTestSupport", dependencies: ["Composition"], path: "Tests/Support"),
        .testTarget(name: "GraphemesTests", dependencies: ["Graphemes", "SeededRandom"]),
        .testTarget(name: "HarnessJSONTests", dependencies: ["HarnessJSON", "Graphemes"]),
        .testTarget(
            name: "CompositionTests",
            dependencies: ["HarnessTestSupport", "Composition", "HarnessJSON", "Graphemes", "SeededRandom"]),
        .testTarget(
            name: "InputRulesTests",
            dependencies: ["HarnessTestSupport", "InputRules", "Composition", "Graphemes", "HarnessJSON"]),
        .testTarget(
            name: "FuzzingTests",
            dependencies: ["HarnessTestSupport", "Fuzzing", "InputRules", "Composition", "Graphemes", "HarnessJSON"]),
        .testTarget(
            name: "ReportingTests",
            dependencies: [
                "HarnessTestSupport", "Reporting", "Fuzzing", "InputRules", "Composition", "Graphemes", "HarnessJSON",
                "KeyboardOverlap",
            ],
            // The golden reports are read from the checkout, so that recording them rewrites the files.
            exclude: ["Golden"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(
            name: "KeyboardOverlapTests",
            dependencies: [
                "KeyboardOverlap", "HarnessTestSupport", "Composition", "HarnessJSON", "Fuzzing", "Reporting",
            ]),
        .testTarget(name: "IMEHarnessTests", dependencies: ["IMEHarness", "HarnessTestSupport"]),
        // Depends on the executable so that the end-to-end tests can run the built binary.
        .testTarget(
            name: "HarnessCLITests",
            dependencies: [
                "HarnessCLI", "Graphemes", "HarnessJSON", "Composition", "InputRules", "HarnessTestSupport",
                "Reporting", "ime-harness",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
