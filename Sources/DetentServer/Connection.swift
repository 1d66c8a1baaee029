#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentCore

/// One client on the event loop: its socket, a read and a write event and
/// one timer (autoplay's, armed where its machine says), performing what its
/// `ConnectionMachine` (DetentCore, where the lifecycle and autoplay's
/// deadlines live and are tested without sockets or sleeps) asks.
///
/// Built on plain libevent events rather than a bufferevent: measured under
/// load, a bufferevent costs more system calls a request (an ioctl before
/// each read, an epoll_ctl pair around each write) than a read, a handled
/// line and a direct write do (BENCHMARKS.md).
final class Connection: ConnectionIO {
    /// The server outlives its connections (it frees them before itself).
    unowned(unsafe) let server: Server
    let fd: Int32
    private var readEvent: OpaquePointer?
    private var writeEvent: OpaquePointer?
    /// Made when first armed: most connections never autoplay.
    private var timer: OpaquePointer?
    private(set) var machine: ConnectionMachine!

    static let sendFlags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)

    init(server: Server, fd: Int32) {
        self.server = server
        self.fd = fd
        machine = ConnectionMachine(io: self, server: server.state)
    }

    /// The protocol state (its sessions).
    var state: ConnectionState { machine.state }

    /// Starts reading.
    func start(base: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        readEvent = event_new(base, fd, Int16(EV_READ | EV_PERSIST), connectionReadable, context)
        writeEvent = event_new(base, fd, Int16(EV_WRITE | EV_PERSIST), connectionWritable, context)
        if let readEvent { event_add(readEvent, nil) }
    }

    /// One read per turn, of at most a line's limit and its newline, so a
    /// client with a burst does not starve others. Reads go into the
    /// server's one scratch buffer: an idle connection holds no input memory.
    func readable() {
        let limit = machine.limits.maxLineBytes
        let scratch = server.scratch(limit + 1)
        let n = recv(fd, scratch, limit + 1, 0)
        if n > 0 {
            machine.received(UnsafeBufferPointer(start: scratch, count: n))
        } else if n == 0 {
            machine.endOfInput()
        } else if errno != EAGAIN && errno != EINTR {
            machine.destroy()  // a reset: nothing more can be delivered
        }
    }

    func shutDown() { machine.shutDown() }

    func destroy() { machine.destroy() }

    // MARK: - ConnectionIO

    func send(_ bytes: UnsafeRawBufferPointer) -> Int? {
        while true {
            let n = Glibc.send(fd, bytes.baseAddress, bytes.count, Self.sendFlags)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            return errno == EAGAIN ? 0 : nil
        }
    }

    func watchReading(_ on: Bool) {
        guard let readEvent else { return }
        if on { event_add(readEvent, nil) } else { event_del(readEvent) }
    }

    func watchWriting(_ on: Bool) {
        guard let writeEvent else { return }
        if on { event_add(writeEvent, nil) } else { event_del(writeEvent) }
    }

    var now: Double { MonotonicClock.milliseconds(CLOCK_MONOTONIC_COARSE) }

    func armTimer(at deadline: Double?) {
        guard let deadline else {
            if let timer { event_del(timer) }
            return
        }
        if timer == nil, let base = server.base {
            timer = detent_evtimer_new(base, connectionTimerFired, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let timer else { return }
        // Adding a pending timer again moves it. Should it fire early all
        // the same (a tick passed since the loop read its clock), the
        // machine pushes nothing and arms it again.
        let microseconds = Int((max(deadline - now, 0) * 1000).rounded(.up))
        var delay = timeval(tv_sec: microseconds / 1_000_000, tv_usec: microseconds % 1_000_000)
        event_add(timer, &delay)
    }

    func limitHit(_ limit: String) {
        server.noteLimitHit(limit)
    }

    /// Frees everything now.
    func closed(discardUnread: Bool) {
        for event in [readEvent, writeEvent, timer].compactMap({ $0 }) { event_free(event) }
        readEvent = nil
        writeEvent = nil
        timer = nil
        if discardUnread { self.discardUnread() }
        close(fd)
        server.connectionClosed(self)
    }

    /// Drops what the client sent and was never read (at a stop, after
    /// `quit`): closing a Unix socket with unread input resets the peer,
    /// which then sees an error instead of the end after its replies.
    private func discardUnread() {
        var sink = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<256 {
            let n = sink.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { return }
        }
    }
}

private func connection(_ context: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
}

private func connectionReadable(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.readable() }
}

private func connectionWritable(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.machine.writable() }
}

private func connectionTimerFired(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.machine.timerFired(now: c.now) }  // a push may close it, and the server drop it
}
