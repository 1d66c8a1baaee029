import Foundation

/// Where the tests find the repository and the executables SwiftPM built.
public enum BuiltProducts {
    /// The repository root (this file is Tests/DetentTestSupport/BuiltProducts.swift).
    public static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// A file of the repository, by its path from the root.
    public static func repositoryFile(_ path: String) -> String { repositoryRoot + "/" + path }

    /// An executable product beside the test bundle (test targets depend on
    /// the executables, so SwiftPM builds them first).
    public static func executable(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = (exe as NSString).deletingLastPathComponent
        // swift-testing may run from inside the .xctest bundle.
        if folder.hasSuffix(".xctest") { folder = (folder as NSString).deletingLastPathComponent }
        return folder + "/" + name
    }
}
