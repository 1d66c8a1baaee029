import Foundation

/// The built `detentd` executable, run as a real process.
enum Daemon {
    /// `detentd` beside the test bundle (SwiftPM builds it: the tests depend on it).
    static var executable: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = (exe as NSString).deletingLastPathComponent
        // swift-testing may run from the .xctest bundle file itself.
        if folder.hasSuffix(".xctest") { folder = (folder as NSString).deletingLastPathComponent }
        return folder + "/detentd"
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs detentd to completion (for --check, --help, start-up errors).
    static func run(_ arguments: [String], in directory: String? = nil, timeout: Double = 20) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts detentd in the background and waits for its socket.
    static func start(_ arguments: [String], socket: String, in directory: String? = nil) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            if let client = try? TestClient(path: socket), (try? client.request("ping")) == "pong" { return (process, err) }
            if !process.isRunning { break }
            usleep(25_000)
        }
        process.terminate()
        throw TestFailure("detentd did not come up on \(socket): \(String(decoding: err.fileHandleForReading.availableData, as: UTF8.self))")
    }

    /// Waits for a process to exit, at most `seconds`.
    static func wait(_ process: Process, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }
}
