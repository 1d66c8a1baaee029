import ArgumentParser
import DetentClient
import DetentCore
import DetentConfigFiles

/// `--socket`, shared by the subcommands that talk to a daemon.
struct SocketOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The daemon's socket (default: $DETENT_SOCKET when set, else the first that answers of $XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock and /tmp/detent-<uid>.sock; detentd(8), FINDING THE DAEMON).",
        valueName: "path"))
    var socket: String?

    /// Connects to the path given, else by the discovery rule, or fails
    /// with the client's explanation.
    func connect() throws -> LineSocket {
        do {
            if let socket { return try LineSocket(path: socket) }
            return try SocketDiscovery(environment: Environment.current()).connect()
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// A failure with a message for the user; exits 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
