#if canImport(Glibc)
import Glibc
#endif

/// Splits a connection's bytes into request lines (detent-protocol(7),
/// "Lines"): bytes in, complete lines and "too long" events out, in order.
/// No I/O, so every split point of a stream is testable without a socket
/// (the idea of swift-nio's `LineBasedFrameDecoder`, with memcached's named
/// connection states).
///
/// A line is the bytes before its newline, a carriage return included (the
/// syntax drops it; the limit counts it). A line over the limit is reported
/// once, as soon as the limit is passed, with its first bytes (for the
/// encoding of the error reply), and dropped up to its newline. At the end
/// of input a last line without a newline is delivered like any. The
/// consumer may stop taking frames at any one (a full output, `quit`); what
/// is left is kept and delivered by `resume`.
public struct LineFramer: Sendable {
    public enum State: Sendable, Equatable {
        /// Between lines, or inside one no longer than the limit.
        case reading
        /// Dropping an over-long line up to its newline (already reported).
        case discarding
        /// The peer sent EOF; kept lines are still to be delivered.
        case ended
        /// Everything was delivered: no frame will come.
        case finished
    }

    /// One framing event.
    public enum Frame {
        /// A complete line, without its newline.
        case line(UnsafeBufferPointer<UInt8>)
        /// A line over the limit: its first bytes, as many as the limit
        /// and one more, at most `reportedPrefix` (the same wherever the
        /// stream was split).
        case tooLong(UnsafeBufferPointer<UInt8>)
    }

    /// How much of an over-long line is shown to the consumer.
    public static let reportedPrefix = 64

    public private(set) var state = State.reading
    /// Bytes kept between calls: the start of a line, or lines the consumer
    /// did not take yet. Empty between whole reads, so an idle connection
    /// holds no input memory.
    private var pending: [UInt8] = []

    public init() {}

    /// How many bytes are kept for later.
    public var pendingCount: Int { pending.count }

    /// Frames `bytes` after what was kept. `deliver` returns false to stop
    /// taking frames; the rest is kept for `resume`.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, _ deliver: (Frame) -> Bool) {
        guard state == .reading || state == .discarding else { return }
        if pending.isEmpty {
            let used = frame(bytes, limit: limit, atEnd: false, deliver)
            if used < bytes.count { pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[used...])) }
        } else {
            pending.append(contentsOf: bytes)
            framePending(limit: limit, deliver)
        }
    }

    /// Delivers what was kept after a stop (and, after EOF, the last line).
    public mutating func resume(limit: Int, _ deliver: (Frame) -> Bool) {
        guard state != .finished else { return }
        framePending(limit: limit, deliver)
    }

    /// The peer sent EOF. `resume` then delivers what is kept, a last line
    /// without a newline included.
    public mutating func endOfInput() {
        switch state {
        case .reading: state = .ended
        case .discarding: state = .finished  // the over-long line ends unanswered, as reported
        case .ended, .finished: break
        }
        if state == .finished { pending = [] }
    }

    /// Drops everything: no frame will come (after `quit`, at a reset).
    public mutating func close() {
        state = .finished
        pending = []
    }

    private mutating func framePending(limit: Int, _ deliver: (Frame) -> Bool) {
        let atEnd = state == .ended
        var kept = pending
        pending = []
        let used = kept.withUnsafeBufferPointer { frame($0, limit: limit, atEnd: atEnd, deliver) }
        if state == .finished { return }
        if used < kept.count {
            kept.removeFirst(used)
            pending = kept
        }
    }

    /// Frames `bytes`; returns how many were used (the rest is to keep).
    private mutating func frame(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, atEnd: Bool,
                                _ deliver: (Frame) -> Bool) -> Int {
        var start = 0
        let count = bytes.count
        while start < count {
            let newline = Self.newline(in: bytes, from: start)
            if state == .discarding {
                guard let newline else { return count }
                state = .reading
                start = newline + 1
                continue
            }
            guard let newline else {
                if count - start > limit {
                    // Reported once the limit is passed; the line is dropped
                    // whether or not the consumer takes more.
                    _ = deliver(.tooLong(Self.prefix(bytes, start, count, limit)))
                    state = atEnd ? .finished : .discarding
                    return count
                }
                if atEnd {
                    state = .finished
                    _ = deliver(.line(UnsafeBufferPointer(rebasing: bytes[start..<count])))
                    return count
                }
                return start
            }
            let frame: Frame = newline - start > limit
                ? .tooLong(Self.prefix(bytes, start, newline, limit))
                : .line(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
            start = newline + 1
            if !deliver(frame) { return start }
        }
        if atEnd { state = .finished }
        return start
    }

    private static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        #if canImport(Glibc)
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        #else
        return bytes[start...].firstIndex(of: 0x0A)
        #endif
    }

    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ limit: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + min(reportedPrefix, limit + 1))])
    }
}
