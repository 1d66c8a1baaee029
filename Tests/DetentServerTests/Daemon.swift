import DetentTestSupport
import Foundation

/// The built `detentd` executable, run as a real process.
enum Daemon {
    /// `detentd` beside the test bundle.
    static let executable = BuiltProducts.executable("detentd")

    /// Runs detentd to completion (for --check, --help, start-up errors).
    static func run(_ arguments: [String], in directory: String? = nil) throws -> ProcessOutput {
        try ProcessOutput.run(executable, arguments, in: directory)
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
