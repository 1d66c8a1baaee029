#if canImport(Glibc)
import Glibc
#endif
import CLibevent

/// The one thing another thread may do to a running server: ask it to stop.
/// A mutex keeps `stop` from touching the stop event while (or after) the
/// loop frees it.
final class StopSwitch: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var event: OpaquePointer?

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Arms the switch with the loop's stop event.
    func arm(_ event: OpaquePointer?) {
        pthread_mutex_lock(mutex)
        self.event = event
        pthread_mutex_unlock(mutex)
    }

    /// Activates the stop event, if the loop still has one.
    func flip() {
        pthread_mutex_lock(mutex)
        if let event { event_active(event, Int32(EV_TIMEOUT), 0) }
        pthread_mutex_unlock(mutex)
    }

    /// Disarms and frees the event (the loop is ending).
    func disarm() {
        pthread_mutex_lock(mutex)
        if let event { event_free(event) }
        event = nil
        pthread_mutex_unlock(mutex)
    }
}
