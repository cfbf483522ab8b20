// swift-tools-version:6.0
// Eighteen shapes of text-field rule code as apps write them (AsWritten/, with `import UIKit`),
// pasted into a test target by scripts/ime-paste (Tests/PastedShapesTests/Pasted/, committed,
// checked against the script in CI), each judged by the harness exactly as its hand-adapted
// version (HandAdapted.swift) is.
import PackageDescription

let package = Package(
    name: "PastedShapes",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "IMEHarness", path: "../..")],
    targets: [
        .testTarget(
            name: "PastedShapesTests",
            dependencies: [.product(name: "IMEHarness", package: "IMEHarness")]
        )
    ]
)
