import DetentCore
import DetentTestSupport

/// One connection's worth of protocol state, driven line by line.
struct Harness {
    var connection = ConnectionState()
    let server: ServerState

    init(_ config: Config = Harness.bundledConfig) {
        server = ServerState(config: config)
    }

    init(json: String) throws {
        self.init(try ConfigLoader.load(Array(json.utf8), file: "test.json", directory: nil))
    }

    /// The reply to one line, without its newline; nil for no reply.
    mutating func send(_ line: String) -> String? {
        Dispatcher.handle(line, connection: &connection, server: server).reply.map { String($0.dropLast()) }
    }

    /// The reply to a line that makes a decision, as the decision alone
    /// (the `snap` line without its motion; `MotionTests` read the motion).
    mutating func decide(_ line: String) -> String? {
        send(line).map(DecisionText.withoutMotion)
    }

    /// The next autoplay push of `session`, as the decision alone.
    mutating func autoplayStep(_ session: String) -> String? {
        Dispatcher.autoplayPush(session: session, connection: &connection).map { DecisionText.withoutMotion(String($0.dropLast())) }
    }

    /// The bundled plugins.json, as compiled in.
    static let bundledConfig: Config = {
        do {
            return try ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: "plugins.json", directory: nil)
        } catch {
            fatalError("the embedded plugins.json is invalid: \(error)")
        }
    }()

    /// detent-protocol(7)'s cards layout.
    static let cards = "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16"
}
