import Foundation

/// Builds plugin shared objects for tests with the system C compiler, as a
/// plugin author would (`cc -shared -fPIC`).
public enum PluginBuild {
    /// The header plugins compile against.
    public static let include = BuiltProducts.repositoryFile("Sources/CDetentPlugin/include")

    /// Compiles a C file of the repository into `directory/name` with the
    /// given `-D` definitions; fails the test with the compiler's message.
    @discardableResult
    public static func library(_ source: String, into directory: String, name: String, defines: [String] = []) throws -> String {
        let output = directory + "/" + name
        let result = try ProcessOutput.run("/usr/bin/cc", ["-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I" + include]
            + defines.map { "-D" + $0 } + ["-o", output, BuiltProducts.repositoryFile(source), "-lm"])
        guard result.status == 0 else { throw TestFailure("cc \(source) \(defines): \(result.stderr)") }
        return output
    }

    /// Builds the kit's example (Examples/plugins/swift-half-page) with its
    /// Makefile into `directory/libSwiftHalfPage.so`, by the recipe
    /// `runtime` names ("static" or "shared"); the SwiftPM build folder is
    /// kept under .build so later runs are incremental.
    public static func swiftExample(runtime: String, into directory: String) throws {
        let make = try ProcessOutput.run("/usr/bin/make", ["-C", BuiltProducts.repositoryFile("Examples/plugins/swift-half-page"),
                                                          "OUT=" + directory, "RUNTIME=" + runtime,
                                                          "BUILD=" + BuiltProducts.repositoryFile(".build/swift-half-page-" + runtime)])
        guard make.status == 0 else { throw TestFailure("make RUNTIME=\(runtime) (swift-half-page): \(make.stdout)\(make.stderr)") }
    }
}
