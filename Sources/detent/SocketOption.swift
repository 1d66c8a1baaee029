import ArgumentParser
import DetentClient
import DetentCore
import DetentConfigFiles

/// `--socket`, shared by the subcommands that talk to a daemon.
struct SocketOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The daemon's socket (default: $DETENT_SOCKET, else $XDG_RUNTIME_DIR/detent.sock, else /tmp/detent-<uid>.sock).",
        valueName: "path"))
    var socket: String?

    var path: String { socket ?? DetentClient.defaultSocketPath(environment: Environment.current()) }

    /// Connects, or fails with the client's explanation.
    func connect() throws -> LineSocket {
        do {
            return try LineSocket(path: path)
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
