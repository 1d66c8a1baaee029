#if canImport(Glibc)
import Glibc
#endif

/// Wakes the client's writer thread: a POSIX semaphore, so a signal given
/// before the writer waits is not lost.
final class WakeSignal: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() { sem_init(semaphore, 0, 0) }

    func signal() { sem_post(semaphore) }

    func wait() {
        while sem_wait(semaphore) != 0, errno == EINTR {}
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }
}
