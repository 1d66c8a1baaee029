#if canImport(Glibc)
import Glibc
#endif
import DetentClient
import DetentCore
import FoundationEssentials
import Synchronization

/// The interactive prompt of `detent send` on a terminal: a small line
/// editor (arrows, history, Ctrl-A/E/U/C/D) that prints replies and pushed
/// lines above the line being typed, as they arrive.
struct Interactive {
    let connection: LineSocket
    static let prompt = "detent> "

    /// What the reader thread and the editor share: the line being typed.
    struct Screen {
        var line: [Unicode.Scalar] = []
        var cursor = 0
        var closed = false
    }

    /// The screen state behind a lock, shared with the reader thread.
    final class Shared: Sendable {
        let state = Mutex(Screen())
        func withLock<R>(_ body: (inout Screen) -> R) -> R { state.withLock { body(&$0) } }
    }

    func run() throws {
        let screen = Shared()
        var history = History.load()
        let terminal = RawTerminal()
        defer { terminal.restore() }
        Self.output("Connected to \(connection.path). Ctrl-D quits.\r\n")
        Self.redraw(screen)
        let connection = self.connection
        try DetachedThread.start {
            while let line = try? connection.readLine() {
                screen.withLock { state in
                    Self.output("\r\u{1B}[K" + line + "\r\n")
                    Self.draw(state)
                }
            }
            screen.withLock { state in
                state.closed = true
                Self.output("\r\u{1B}[K(the daemon closed the connection)\r\n")
            }
        }
        var browsing = history.entries.count
        var pendingEscape: [UInt8] = []
        while !screen.withLock({ $0.closed }) {
            var byte: UInt8 = 0
            guard read(0, &byte, 1) == 1 else { break }
            if !pendingEscape.isEmpty || byte == 0x1B {
                pendingEscape.append(byte)
                if pendingEscape.count < 3 { continue }
                let sequence = pendingEscape
                pendingEscape = []
                guard sequence[1] == UInt8(ascii: "[") else { continue }
                switch sequence[2] {
                case UInt8(ascii: "A"), UInt8(ascii: "B"):
                    let up = sequence[2] == UInt8(ascii: "A")
                    browsing = max(0, min(history.entries.count, browsing + (up ? -1 : 1)))
                    let recalled = browsing < history.entries.count ? history.entries[browsing] : ""
                    edit(screen) { state in
                        state.line = Array(recalled.unicodeScalars)
                        state.cursor = state.line.count
                    }
                case UInt8(ascii: "C"): edit(screen) { $0.cursor = min($0.line.count, $0.cursor + 1) }
                case UInt8(ascii: "D"): edit(screen) { $0.cursor = max(0, $0.cursor - 1) }
                default: break
                }
                continue
            }
            switch byte {
            case 0x0D, 0x0A:  // Enter
                let text = screen.withLock { state -> String in
                    let text = String(String.UnicodeScalarView(state.line))
                    state.line = []
                    state.cursor = 0
                    Self.output("\r\n")
                    Self.draw(state)
                    return text
                }
                if text.contains(where: { $0 != " " && $0 != "\t" }) {
                    history.add(text)
                    browsing = history.entries.count
                }
                if case .ignored? = try? LineSyntax.parse(text) { continue }
                if (try? connection.write(text + "\n")) == nil { break }
            case 0x04:  // Ctrl-D: end on an empty line
                if screen.withLock({ $0.line.isEmpty }) {
                    Self.output("\r\n")
                    connection.finishWriting()
                    // Wait (briefly) for the replies still owed.
                    for _ in 0..<100 where !screen.withLock({ $0.closed }) { usleep(20_000) }
                    history.save()
                    return
                }
            case 0x03: edit(screen) { $0.line = []; $0.cursor = 0 }  // Ctrl-C
            case 0x01: edit(screen) { $0.cursor = 0 }  // Ctrl-A
            case 0x05: edit(screen) { $0.cursor = $0.line.count }  // Ctrl-E
            case 0x15: edit(screen) { $0.line.removeFirst($0.cursor); $0.cursor = 0 }  // Ctrl-U
            case 0x7F, 0x08:  // Backspace
                edit(screen) { state in
                    guard state.cursor > 0 else { return }
                    state.line.remove(at: state.cursor - 1)
                    state.cursor -= 1
                }
            default:
                guard byte >= 0x20 else { continue }
                let scalar = Self.decode(first: byte)
                edit(screen) { state in
                    state.line.insert(scalar, at: state.cursor)
                    state.cursor += 1
                }
            }
        }
        history.save()
    }

    /// Reads the rest of a UTF-8 sequence from stdin.
    static func decode(first: UInt8) -> Unicode.Scalar {
        var bytes = [first]
        let extra = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : 0
        for _ in 0..<extra {
            var next: UInt8 = 0
            if read(0, &next, 1) == 1 { bytes.append(next) }
        }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "?"
    }

    func edit(_ screen: Shared, _ change: (inout Screen) -> Void) {
        screen.withLock { state in
            change(&state)
            Self.draw(state)
        }
    }

    static func redraw(_ screen: Shared) {
        screen.withLock { draw($0) }
    }

    /// The prompt and the line, the cursor in place.
    static func draw(_ state: Screen) {
        let text = String(String.UnicodeScalarView(state.line))
        let back = state.line.count - state.cursor
        output("\r\u{1B}[K" + prompt + text + (back > 0 ? "\u{1B}[\(back)D" : ""))
    }

    static func output(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// The terminal in raw mode for the prompt's lifetime.
final class RawTerminal {
    private var saved = termios()
    private var active = false

    init() {
        guard tcgetattr(0, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        active = tcsetattr(0, TCSANOW, &raw) == 0  // keep typed-ahead input
    }

    func restore() {
        if active { tcsetattr(0, TCSAFLUSH, &saved) }
        active = false
    }
}

/// The prompt's history, kept in ~/.detent_history.
struct History {
    var entries: [String] = []
    static let limit = 1000

    static var path: String? {
        ProcessInfo.processInfo.environment["HOME"].map { $0 + "/.detent_history" }
    }

    static func load() -> History {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return History() }
        return History(entries: text.split(separator: "\n").map(String.init).suffix(limit).map { $0 })
    }

    mutating func add(_ line: String) {
        if entries.last != line { entries.append(line) }
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    func save() {
        guard let path = Self.path else { return }
        try? (entries.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
