import CLibevent

/// libevent's pthreads locking, turned on once before any event base exists,
/// so another thread may `event_active` a server's stop event.
enum LibeventThreads {
    static let enabled: Bool = evthread_use_pthreads() == 0
}
