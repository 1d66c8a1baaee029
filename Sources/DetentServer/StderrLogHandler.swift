#if canImport(Glibc)
import Glibc
#endif
import Logging

/// A swift-log handler writing one line per message to stderr with write(2),
/// which is safe from any thread under Swift 6 (unlike the `stderr` global).
public struct StderrLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    /// Writing to the journal: `<N>` syslog priorities instead of timestamps.
    private let journal: Bool

    public init(label: String, level: Logger.Level = .info, journal: Bool = false) {
        self.label = label
        self.logLevel = level
        self.journal = journal
    }

    /// Whether stderr is the journal: `$JOURNAL_STREAM` (`DEVICE:INODE`)
    /// names the file stderr is (systemd.exec(5)).
    public static func stderrIsJournal(environment: [String: String]) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// The syslog priority of a level (sd-daemon(3)'s `<N>` prefixes).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let extra = event.metadata { all.merge(extra) { $1 } }
        var line = journal
            ? "<\(Self.priority(event.level))>" + label + ": " + "\(event.message)"
            : Self.timestamp() + " " + event.level.rawValue + " " + label + ": " + "\(event.message)"
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        // One record per line in the journal: fold embedded newlines.
        if journal { line = line.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " | ") }
        line += "\n"
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
        bytes.removeAll()
    }

    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let millis = Int(now.tv_nsec / 1_000_000)
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)Z"
    }
}
