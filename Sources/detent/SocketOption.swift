#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DetentClient
import DetentCore
import DetentPOSIX

/// `--socket`, shared by the subcommands that talk to a daemon.
struct SocketOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The daemon's socket (default: $DETENT_SOCKET when set, else the first that answers of $XDG_RUNTIME_DIR/detent.sock, /run/detent/detent.sock and /tmp/detent-<uid>.sock; detentd(8), FINDING THE DAEMON).",
        valueName: "path"))
    var socket: String?

    @Flag(name: .shortAndLong, help: "Say on stderr which socket answered and the daemon's pid (which daemon a client finds).")
    var verbose = false

    /// Connects to the path given, else by the discovery rule, or fails
    /// with the client's explanation.
    func connect() throws -> LineSocket {
        do throws(DetentClientError) {
            let connection = if let socket { try LineSocket(path: socket) } else { try SocketDiscovery(environment: Environment.current()).connect() }
            if verbose {
                var note = "detent: connected to \(connection.path)" + (connection.peerProcess.map { " (detentd pid \($0))" } ?? "") + "\n"
                note.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            }
            return connection
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
