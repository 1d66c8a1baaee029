#if canImport(Glibc)
import Glibc
#endif

/// A monotonic clock in milliseconds: CLOCK_MONOTONIC for `uptime` and the
/// log; CLOCK_MONOTONIC_COARSE for autoplay's deadlines, the clock libevent
/// measures timeouts on unless told to be precise, so a timer armed for a
/// deadline does not fire before it.
enum MonotonicClock {
    static func milliseconds(_ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    static func seconds() -> Double { milliseconds() / 1000 }
}
