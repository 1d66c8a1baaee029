#if canImport(Glibc)
import Glibc
#endif

/// A detached POSIX thread running one closure: what the client's reader
/// (and the `detent` tool) need of Foundation's `Thread`, without linking
/// all of Foundation and its ICU data into every program that embeds the client.
public enum DetachedThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread; throws `pthread_create`'s
    /// error when there is none to start.
    public static func start(_ body: @escaping @Sendable () -> Void) throws(DetachedThreadError) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            throw DetachedThreadError(code: status)
        }
        pthread_detach(thread)
    }
}
