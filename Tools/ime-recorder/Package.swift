// swift-tools-version: 6.1
//
// The engine recorder: drives real input-method engines (librime, libchewing,
// libhangul, Anthy) with key scripts and writes what they do as `ime-session/1`
// sessions. A package of its own so that IMEHarness itself keeps needing only ICU;
// build it after installing the engines (see the README's "Recording sessions").

import PackageDescription

let package = Package(
    name: "IMERecorder",
    products: [
        .executable(name: "ime-record", targets: ["ime-record"]),
        // The library, so that a team's test target can fuzz its own rule at the key level
        // through the real engines (KeyFuzzer; see docs/recording.md).
        .library(name: "EngineRecorder", targets: ["EngineRecorder"]),
    ],
    dependencies: [
        .package(name: "IMEHarness", path: "../..")
    ],
    targets: [
        // The engines' C APIs, through one module map: librime-dev, libchewing3-dev,
        // libhangul-dev, libanthy-dev.
        .systemLibrary(name: "CEngines"),
        .target(
            name: "EngineRecorder",
            dependencies: [
                "CEngines",
                .product(name: "IMEHarness", package: "IMEHarness"),
            ]),
        .executableTarget(name: "ime-record", dependencies: ["EngineRecorder"]),
        .testTarget(
            name: "EngineRecorderTests",
            dependencies: [
                // The executable too, so that a test can run a whole process and see it exit.
                "EngineRecorder", "ime-record",
                .product(name: "IMEHarness", package: "IMEHarness"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
