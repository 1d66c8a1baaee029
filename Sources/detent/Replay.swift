#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DetentClient
import DetentCore
import FoundationEssentials

/// `detent replay`: play a recorded gesture trace against the daemon.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recorded gesture trace against detentd and print each reply.",
        discussion: """
            A trace is a file of request lines, text or JSON, with comments and \
            blank lines allowed; gesture lines carry their t timestamps (ms). Each \
            request is sent once the previous one is answered, and every line the \
            daemon writes (replies, pushed autoplay lines) is printed. With \
            --realtime, a line with t waits until that many ms have passed since \
            the first t, as the user moved.

            Traces of each seed's scenario ship in Examples/traces/, each with the \
            output it must give (.expected).

            Example:
              detent replay Examples/traces/000-cards.trace
            """
    )

    @OptionGroup var socket: SocketOption

    @Flag(name: .long, help: "Keep the trace's timing (its t timestamps).")
    var realtime = false

    @Argument(help: ArgumentHelp("The trace file.", valueName: "file"))
    var file: String

    func run() throws {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw CommandFailure("cannot read \(file)")
        }
        let connection = try socket.connect()
        let started = Self.now()
        var firstT: Double?
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let parsed: LineSyntax.Outcome
            do {
                parsed = try LineSyntax.parse(line)
            } catch {
                // The daemon answers malformed lines too: send it as it is.
                parsed = .request(RequestLine(encoding: .text, verb: "", fields: []))
            }
            guard case .request(let request) = parsed else { continue }
            if realtime, let t = request.field("t").flatMap({ try? FieldDecoder.number($0) }) {
                let origin = firstT ?? t
                firstT = origin
                let due = (t - origin) / 1000 - (Self.now() - started)
                if due > 0 { usleep(UInt32(min(due, 60) * 1_000_000)) }
            }
            do {
                try connection.write(line + "\n")
                // Print what arrives up to this request's reply (pushes included).
                while true {
                    guard let reply = try connection.readLine() else {
                        throw CommandFailure("\(file):\(number + 1): the daemon closed the connection")
                    }
                    print(reply)
                    if !((try? Reply(reply))?.isPush ?? false) { break }
                }
            } catch let error as DetentClientError {
                throw CommandFailure(error.description)
            }
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
