#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DetentClient
import DetentCore
import FoundationEssentials

/// `detent send`: lines to the daemon, replies to stdout, as `redis-cli`.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send request lines to detentd and print what it answers.",
        discussion: """
            With LINE arguments, sends them back to back and prints every reply \
            (and any pushed autoplay line) as the daemon writes it. Without, reads \
            lines from stdin; on a terminal that is an interactive prompt with \
            history (up and down arrows, kept in ~/.detent_history) that prints \
            pushed lines as they come. Ctrl-D ends.

            Examples:
              detent send ping 'open s=c viewport=375 item=343 count=5' 'end s=c x=90 v=1.4'
              printf 'hello\\nstats\\n' | detent send
              detent send
            """
    )

    @OptionGroup var socket: SocketOption

    @Argument(help: ArgumentHelp("Request lines; none means read stdin.", valueName: "line"))
    var lines: [String] = []

    func run() throws {
        let connection = try socket.connect()
        if !lines.isEmpty {
            try pipe(connection, from: lines)
        } else if isatty(0) == 1 && isatty(1) == 1 {
            try Interactive(connection: connection).run()
        } else {
            try pipe(connection, from: StandardInputLines())
        }
    }

    /// Writes every line, half-closes, and prints everything until the
    /// daemon closes (it answers what it read, then closes).
    func pipe<S: Sequence & Sendable>(_ connection: LineSocket, from source: S) throws where S.Element == String {
        try DetachedThread.start {
            for line in source {
                guard (try? connection.write(line + "\n")) != nil else { break }
            }
            connection.finishWriting()
        }
        do {
            while let line = try connection.readLine() { print(line) }
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// Lines of stdin, read as they come.
struct StandardInputLines: Sequence, Sendable {
    func makeIterator() -> AnyIterator<String> {
        AnyIterator { readLine(strippingNewline: true) }
    }
}
