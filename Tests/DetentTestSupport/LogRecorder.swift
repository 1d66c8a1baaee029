import Foundation
import Logging

/// What an in-process server logs, kept so a test waits for a line: woken
/// by each message as it is logged, with no sleep and no polling.
public final class LogRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [String] = []

    public init() {}

    var handler: any LogHandler { Handler(recorder: self) }

    /// Whether a message containing `text` is logged within `seconds`.
    public func wait(for text: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !messages.contains(where: { $0.contains(text) }) {
            guard condition.wait(until: deadline) else { return messages.contains { $0.contains(text) } }
        }
        return true
    }

    private func append(_ message: String) {
        condition.lock()
        messages.append(message)
        condition.broadcast()
        condition.unlock()
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var logLevel = Logger.Level.info
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { recorder.append("\(event.message)") }
    }
}
