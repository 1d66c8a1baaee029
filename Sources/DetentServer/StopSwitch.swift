#if canImport(Glibc)
import Glibc
#endif
import CLibevent

/// The one thing another thread may do to a running server: ask it to
/// stop. An eventfd the loop watches, so libevent needs no locking of its
/// own (measured: its pthread locks cost every event_add and every loop
/// turn, for a feature only `stop` used).
final class StopSwitch: @unchecked Sendable {
    let fd: Int32
    private var event: OpaquePointer?

    init() {
        fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    }

    deinit { close(fd) }

    /// Watches the switch from the loop; `action` runs when it is flipped.
    func arm(base: OpaquePointer, callback: event_callback_fn, context: UnsafeMutableRawPointer) {
        event = event_new(base, fd, Int16(EV_READ | EV_PERSIST), callback, context)
        if let event { event_add(event, nil) }
    }

    /// Asks the loop to stop; safe from any thread, at any time.
    func flip() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// Empties the counter (in the loop, when it fired).
    func reset() {
        var value: UInt64 = 0
        _ = read(fd, &value, 8)
    }

    /// Stops watching (the loop is ending).
    func disarm() {
        if let event { event_free(event) }
        event = nil
    }
}
