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
        .library(name: "Graphemes", targets: ["Graphemes"]),
    ],
    targets: [
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        .target(name: "Graphemes", dependencies: ["CICU"]),
        .target(name: "HarnessCLI", dependencies: ["Graphemes"]),
        .executableTarget(name: "ime-harness", dependencies: ["HarnessCLI"]),
        .executableTarget(name: "graphemes-benchmark", dependencies: ["Graphemes"]),
        .testTarget(name: "GraphemesTests", dependencies: ["Graphemes"]),
        // Depends on the executable so that the end-to-end tests can run the built binary.
        .testTarget(name: "HarnessCLITests", dependencies: ["HarnessCLI", "Graphemes", "ime-harness"]),
    ],
    swiftLanguageModes: [.v6]
)
