import Foundation

/// A time limit for a test that could hang (a deadlock must fail the test,
/// not stall CI): runs `body`; if it has not finished after `seconds`,
/// calls `unblock` (which must make `body` return, e.g. by closing its
/// socket) and throws.
public enum TimeLimit {
    public static func run<T: Sendable>(
        seconds: Double, _ what: String, unblock: @escaping @Sendable () -> Void,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                unblock()
                throw TestFailure("\(what): not done within \(seconds) s (a hang)")
            }
            return value
        }
    }
}
