import DetentTestSupport
import Foundation

/// The built `detentd` executable, run as a real process.
enum Daemon {
    /// `detentd` beside the test bundle.
    static let executable = BuiltProducts.executable("detentd")

    /// Runs detentd to completion (for --check, --help, start-up errors).
    /// - Parameter binary: another build of it (the release one).
    static func run(_ arguments: [String], in directory: String? = nil, binary: String = executable,
                    environment: [String: String]? = nil) throws -> ProcessOutput {
        try ProcessOutput.run(binary, arguments, in: directory, environment: environment)
    }

    /// Starts detentd in the background and waits for its socket.
    /// - Parameters:
    ///   - log: a file for its stderr (else discarded).
    ///   - fileLimit: a `ulimit -n` to run it under.
    ///   - binary: another build of it (the release one).
    static func start(_ arguments: [String], socket: String, in directory: String? = nil,
                      log: String? = nil, fileLimit: Int? = nil, binary: String = executable,
                      environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        if let environment { process.environment = environment }
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let log {
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let client = TestClient.waiting(for: socket), (try? client.request("ping")) == "pong" { return process }
        process.terminate()
        let text = log.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
        throw TestFailure("detentd did not come up on \(socket): \(text)")
    }

    /// The resident memory of a process, in bytes. Throws when /proc cannot
    /// tell: a helper that returned a sentinel would let `x == x` pass.
    static func residentBytes(_ pid: Int32) throws -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first, kilobytes > 0 else {
            throw TestFailure("no VmRSS in /proc/\(pid)/status")
        }
        return kilobytes * 1024
    }

    /// How many file descriptors a process has open.
    static func openFiles(_ pid: Int32) throws -> Int {
        let count = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        guard count > 0 else { throw TestFailure("/proc/\(pid)/fd is empty") }
        return count
    }

    /// CPU seconds (user + system) a process has used.
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { throw TestFailure("cannot read /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14, stime 15 (1-based).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw TestFailure("/proc/\(pid)/stat has no utime and stime: \(stat)")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits for a process to exit, at most `seconds`: woken by its exit.
    static func wait(_ process: Process, seconds: Double = 10) -> Bool {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        if process.isRunning { _ = exited.wait(timeout: .now() + seconds) }
        return !process.isRunning
    }

    /// Waits (at most `seconds`) until the log file at `path` holds `text`:
    /// woken by inotify at each write to it, with no fixed wait and no spin.
    static func waitForLog(_ path: String, containing text: String, seconds: Double = 10) -> Bool {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0 else { return false }
        defer { close(watch) }
        guard inotify_add_watch(watch, path, UInt32(IN_MODIFY)) >= 0 else { return false }
        let deadline = Date().addingTimeInterval(seconds)
        var events = [UInt8](repeating: 0, count: 4096)
        while true {
            if let log = try? String(contentsOfFile: path, encoding: .utf8), log.contains(text) { return true }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(left * 1000) + 1) == 1 {
                _ = events.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            }
        }
    }
}
