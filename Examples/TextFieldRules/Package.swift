// swift-tools-version: 6.1
//
// An app's text field rules, tested with IMEHarness from their own test target: one
// naive limit of the kind the seeds show, and its fix.

import PackageDescription

let package = Package(
    name: "TextFieldRules",
    products: [.library(name: "TextFieldRules", targets: ["TextFieldRules"])],
    dependencies: [.package(name: "IMEHarness", path: "../..")],
    targets: [
        .target(name: "TextFieldRules", dependencies: [.product(name: "IMEHarness", package: "IMEHarness")]),
        .testTarget(
            name: "TextFieldRulesTests",
            dependencies: ["TextFieldRules", .product(name: "IMEHarness", package: "IMEHarness")]),
    ],
    swiftLanguageModes: [.v6]
)
