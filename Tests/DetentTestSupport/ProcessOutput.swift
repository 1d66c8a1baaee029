import Foundation

/// What a finished process printed and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Runs `executable` to completion with no stdin.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String]? = nil) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so a chatty child cannot block.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessOutput(status: process.terminationStatus,
                             stdout: String(decoding: stdout, as: UTF8.self),
                             stderr: String(decoding: stderr, as: UTF8.self))
    }
}
