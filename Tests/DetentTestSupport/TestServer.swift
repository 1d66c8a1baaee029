import Foundation
import DetentPOSIX
import DetentCore
import DetentServer
import Logging

/// A real server on a temporary socket, its loop on its own thread.
public final class TestServer: @unchecked Sendable {
    public let server: Server
    public let directory: String
    public let path: String
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - socket: where to listen (else `d.sock` in its folder).
    ///   - log: where its log goes (else nowhere).
    public init(json: String? = nil, grace: Double = 5, socket: String? = nil, log: LogRecorder? = nil) throws {
        directory = try TestServer.temporaryDirectory()
        path = socket ?? directory + "/d.sock"
        let loaded = try ConfigLoader.load(Array((json ?? EmbeddedConfig.json).utf8), file: "test.json", directory: directory)
        let config = try PeerResolver.resolve(loaded, file: "test.json")
        let logger = Logger(label: "test") { _ in log?.handler ?? SwiftLogNoOpLogHandler() }
        server = try Server(options: ServerOptions(socketPath: path, config: config, shutdownGrace: grace), logger: logger)
        let thread = Thread { [server, finished] in
            server.run()
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Stops the loop and waits for it (at most `seconds`).
    @discardableResult
    public func stop(within seconds: Double = 10) -> Bool {
        server.stop()
        let done = finished.wait(timeout: .now() + seconds) == .success
        try? FileManager.default.removeItem(atPath: directory)
        return done
    }

    public func connect(timeout: Double = 10) throws -> TestClient { try TestClient(path: path, timeout: timeout) }

    public static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/detent-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp: \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
