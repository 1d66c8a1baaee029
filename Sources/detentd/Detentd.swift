#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DetentPOSIX
import DetentCore
import DetentServer
import Logging

/// `detentd`: the Detent daemon.
@main
struct Detentd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detentd",
        abstract: "Decide where a paged scroll view comes to rest.",
        discussion: """
            detentd listens on a Unix socket for newline-delimited drag events \
            (text or JSON lines; see detent-protocol(7)) and answers each one \
            with a snap decision made by the plugins of plugins.json.

            Config: --config PATH, else ./plugins.json if present, else \
            /etc/detent/plugins.json, else the copy compiled into the binary. \
            Socket: --socket PATH, else the config's "listen", else \
            $XDG_RUNTIME_DIR/detent.sock, else /tmp/detent-<uid>.sock.

            Under systemd: a socket passed by socket activation (LISTEN_FDS) is \
            used instead of binding; readiness, reloads and stops are reported to \
            NOTIFY_SOCKET (Type=notify), with WATCHDOG=1 every half of \
            WATCHDOG_USEC; when stderr is the journal (JOURNAL_STREAM), lines carry \
            syslog priorities.

            Signals: SIGHUP reloads the config (new sessions use the new \
            plugins; open sessions keep theirs; an invalid file is logged and \
            changes nothing). SIGTERM and SIGINT stop accepting, answer every \
            request already read, close, remove the socket file and exit 0.

            Exit status: 0 after a clean stop (or a valid --check), 1 on a \
            config or start-up error, 64 on a usage error.

            Example:
              detentd --config plugins.json --socket /tmp/detent.sock &
              printf 'open s=c viewport=375 item=343 count=5 spacing=8 lead=16 trail=16\\nend s=c x=90 v=1.4\\n' \\
                | socat - UNIX-CONNECT:/tmp/detent.sock
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The plugins.json to serve.",
        discussion: LoadedConfig.searchOrder,
        valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp(
        "The Unix socket to listen on; overrides the config's \"listen\".",
        discussion: "A relative path is relative to the working directory. A stale socket file nobody answers on is replaced.",
        valueName: "path"))
    var socket: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Serve one user: their own daemon, as the user units start it.",
        discussion: """
            The config is $XDG_CONFIG_HOME/detent/plugins.json (~/.config/detent/plugins.json), \
            else /etc/detent/plugins.json, else the embedded copy; its listen, socketMode, \
            allowUsers and allowGroups are the system service's and are ignored: the socket \
            is $XDG_RUNTIME_DIR/detent.sock (mode 0600) and only this user's processes are \
            served (detentd(8), THE USER SERVICE).
            """))
    var user = false

    @Flag(name: .long, help: ArgumentHelp(
        "Validate the config, print each plugin with its strategy and effective options, and exit (0 valid, 1 not)."))
    var check = false

    @Option(name: .long, help: ArgumentHelp(
        "The least severe log level written to stderr.",
        valueName: "trace|debug|info|notice|warning|error"))
    var logLevel: LogLevel = .info

    enum LogLevel: String, ExpressibleByArgument, CaseIterable {
        case trace, debug, info, notice, warning, error
        var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
    }

    func run() throws {
        let level = logLevel.level
        let environment = Environment.current()
        let journal = StderrLogHandler.stderrIsJournal(environment: environment)
        LoggingSystem.bootstrap { label in StderrLogHandler(label: label, level: level, journal: journal) }
        let logger = Logger(label: "detentd")

        var loaded: LoadedConfig
        do {
            loaded = try LoadedConfig.resolve(explicit: config, search: LoadedConfig.search(user: user, environment: environment))
        } catch {
            Self.printError(error.description)
            throw ExitCode(1)
        }
        if user { loaded.config = loaded.config.ownedBy(uid: getuid()) }
        let socketPath = socket ?? loaded.config.listen
            ?? Config.defaultListenPath(environment: environment, uid: getuid())

        if check {
            print(loaded.config.summary(source: loaded.source, socket: socketPath), terminator: "")
            return
        }
        if loaded.path == nil {
            let searched = LoadedConfig.search(user: user, environment: environment).joined(separator: " or ")
            logger.notice("no \(searched): serving the embedded plugins.json")
        } else {
            logger.info("config \(loaded.source)")
        }
        if user { logger.info("user mode: serving uid \(getuid()) alone on \(socketPath) (the config's listen, socketMode, allowUsers and allowGroups are the system service's)") }
        let server: Server
        do {
            var options = ServerOptions(socketPath: socketPath, config: loaded.config, configPath: loaded.path, handleSignals: true)
            if user {
                options.owner = getuid()
                if config == nil { options.configSearch = LoadedConfig.search(user: true, environment: environment) }
            }
            options.listenDescriptor = try SocketActivation.take(environment: environment)
            options.notifier = SystemdNotifier(environment: environment)
            options.watchdogMicroseconds = SystemdNotifier.watchdogMicroseconds(environment: environment)
            server = try Server(options: options, logger: logger)
        } catch {
            logger.error("cannot start: \(error.message)")
            throw ExitCode(1)
        }
        server.run()
    }

    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
