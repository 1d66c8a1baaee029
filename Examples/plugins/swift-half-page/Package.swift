// swift-tools-version: 6.1
// A Detent strategy written in Swift: a plugin library detentd loads
// (detent-plugin(3)). Build it with `make` (see the Makefile: the recipe
// detentd needs), or `swift build -c release`.
import Foundation
import PackageDescription

// The Detent repository this example sits in; SwiftPM names a package
// given by path after its folder.
let detent = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../..").standardizedFileURL

let package = Package(
    name: "SwiftHalfPage",
    products: [
        .library(name: "SwiftHalfPage", type: .dynamic, targets: ["SwiftHalfPage"]),
    ],
    dependencies: [
        .package(path: detent.path),
    ],
    targets: [
        .target(
            name: "SwiftHalfPage",
            dependencies: [.product(name: "DetentPluginKit", package: detent.lastPathComponent)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
