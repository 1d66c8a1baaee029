import Foundation

/// A value that a test's threads share (a writer thread's error, say).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func get() -> Value { lock.withLock { value } }

    public func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
