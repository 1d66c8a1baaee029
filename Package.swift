// swift-tools-version: 6.1
import PackageDescription

// Linux only: the daemon is libevent and Glibc (epoll, SO_PEERCRED,
// eventfd, sd_notify), and plugins are ELF shared objects. SwiftPM has no
// Linux entry for `platforms`, so none is listed.
let package = Package(
    name: "Detent",
    products: [
        .executable(name: "detentd", targets: ["detentd"]),
        .executable(name: "detent", targets: ["detent"]),
        .library(name: "DetentCore", targets: ["DetentCore"]),
        .library(name: "DetentClient", targets: ["DetentClient"]),
        // What a strategy written in Swift builds against (detent-plugin(3)).
        .library(name: "DetentPluginKit", targets: ["DetentPluginKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibevent",
            pkgConfig: "libevent",
            providers: [.apt(["libevent-dev"])]
        ),
        // The C ABI of loadable strategies (detent-plugin(3)): a header,
        // installed for plugin authors, and its layout checked at compile time.
        .target(name: "CDetentPlugin"),
        // The bundled plugins.json (a link to the repository's) compiled in.
        .target(name: "DetentCore", dependencies: ["CDetentPlugin"], resources: [.embedInCode("Config/plugins.json")]),
        // Only the C ABI: a plugin carries no copy of the daemon's modules.
        .target(name: "DetentPluginKit", dependencies: ["CDetentPlugin"]),
        // <elf.h>, to read a plugin library's dynamic section.
        .systemLibrary(name: "CELF"),
        .target(name: "DetentPOSIX", dependencies: ["DetentCore", "CDetentPlugin", "CELF"]),
        .target(name: "DetentSimulation", dependencies: ["DetentCore"]),
        // What a UI process embeds: no libevent, no server code.
        .target(name: "DetentClient", dependencies: ["DetentCore"]),
        .target(
            name: "DetentServer",
            dependencies: [
                "CLibevent",
                "DetentCore",
                "DetentPOSIX",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "detentd",
            dependencies: [
                "DetentCore",
                "DetentPOSIX",
                "DetentServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DetentTestSupport",
            dependencies: ["DetentServer", "DetentCore", "DetentPOSIX", "DetentClient", .product(name: "Logging", package: "swift-log")],
            path: "Tests/DetentTestSupport"
        ),
        .testTarget(
            name: "DetentCoreTests",
            dependencies: [
                "DetentCore",
                "DetentTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Counts allocations for detent-bench, a benchmark tool never installed.
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        .executableTarget(
            name: "detent-bench",
            dependencies: [
                "DetentCore",
                "DetentPOSIX",
                "CAllocationCounter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/InProcess"
        ),
        // The libFuzzer target (scripts/fuzz); a normal build replays files.
        .executableTarget(name: "DetentFuzz", dependencies: ["DetentCore"]),
        .executableTarget(
            name: "detent",
            dependencies: [
                "DetentCore",
                "DetentPOSIX",
                "DetentSimulation",
                "DetentClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .testTarget(
            name: "DetentServerTests",
            dependencies: ["DetentServer", "DetentCore", "DetentPOSIX", "DetentTestSupport", "detentd"]
        ),
        .testTarget(
            name: "DetentClientTests",
            dependencies: ["DetentClient", "DetentCore", "DetentServer", "DetentPOSIX", "DetentTestSupport"]
        ),
        .testTarget(
            name: "DetentSimulationTests",
            dependencies: ["DetentSimulation", "DetentCore", "DetentTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
