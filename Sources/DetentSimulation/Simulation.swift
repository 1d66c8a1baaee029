import DetentCore

/// Runs plugins offline through the same dispatcher the daemon uses: every
/// reply is what `detentd` would send for the same lines.
public enum Simulation {
    /// Opens one session per plugin (named after it) with `layout` and plays
    /// the same gestures on each.
    /// - Parameters:
    ///   - plugins: plugin names; empty means every plugin of the config.
    ///   - layout: `open`'s geometry keys, e.g. `viewport=375 item=343 count=5`.
    ///   - gestures: request lines without `s`, e.g. `end x=90 v=1.4`.
    public static func run(config: Config, plugins: [String], layout: String, gestures: [String]) throws(SimulationError) -> [PluginRun] {
        let names = plugins.isEmpty ? config.pluginNames : plugins
        var chosen: [Plugin] = []
        for name in names {
            guard let plugin = config.plugin(named: name) else {
                let hint = Suggestion.hint(for: name, in: config.pluginNames)
                throw SimulationError("no plugin \"\(name)\"\(hint); configured: \(config.pluginNames.joined(separator: ", "))")
            }
            chosen.append(plugin)
        }
        let open = try request("open s=_ " + layout, what: "layout \"\(layout)\"", maxItems: config.limits.maxItems)
        guard open.verb.takesGeometry else { throw SimulationError("layout \"\(layout)\": give open's geometry keys only") }
        var requests: [Request?] = []
        for gesture in gestures {
            let name = gesture.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            guard let verb = Verb(name), verb.actsOnOpenSession else {
                let names = Verb.all.filter(\.actsOnOpenSession).map(\.name).joined(separator: ", ")
                throw SimulationError("gesture \"\(gesture)\": a gesture is one of \(names) with its keys, without s")
            }
            if gesture.contains(" s=") {
                throw SimulationError("gesture \"\(gesture)\": leave s out; each plugin gets its own session")
            }
            // A gesture the daemon refuses is sent as written: its error reply is part of the run.
            requests.append(try? request(withSession(gesture, "_"), what: "gesture \"\(gesture)\"", maxItems: config.limits.maxItems))
        }
        return chosen.map { run($0, config: config, open: open, gestures: zip(gestures, requests).map { $0 }) }
    }

    /// `gesture` with `s=name` after its verb.
    static func withSession(_ gesture: String, _ name: String) -> String {
        var parts = gesture.split(separator: " ", maxSplits: 1).map(String.init)
        parts.insert("s=\(name)", at: 1)
        return parts.joined(separator: " ")
    }

    /// A line read as the daemon reads it; its error, named.
    static func request(_ line: String, what: String, maxItems: Int) throws(SimulationError) -> Request {
        do throws(ProtocolError) {
            guard case .request(let parsed) = try LineSyntax.parse(line) else { throw ProtocolError(.badLine, "empty") }
            return try RequestDecoder.decode(parsed, maxItems: maxItems)
        } catch {
            throw SimulationError("\(what): \(error.message)")
        }
    }

    /// One plugin's run: its session is named after it, and each request
    /// is written by `RequestEncoder` with that `s`.
    static func run(_ plugin: Plugin, config: Config, open: Request, gestures: [(String, Request?)]) -> PluginRun {
        let server = ServerState(config: config)
        var connection = ConnectionState()
        let name = plugin.name
        func line(_ request: Request, plugin: String? = nil) -> String {
            var fields = request.fields
            fields.session = name
            fields.set(.plugin, plugin)
            return RequestEncoder.line(request.verb, fields)
        }
        func send(_ line: String) -> String {
            let reply = Dispatcher.handle(line, connection: &connection, server: server).reply ?? ""
            return String(reply.dropLast())
        }
        let openLine = line(open, plugin: name)
        let opened = SimulationStep(request: openLine, reply: send(openLine))
        var steps: [SimulationStep] = []
        for (gesture, request) in gestures {
            let reply = send(request.map { line($0) } ?? Self.withSession(gesture, name))
            let session = connection.sessions[name]
            let decision = reply.hasPrefix("snap ") ? session?.lastDecision : nil
            steps.append(SimulationStep(request: gesture, reply: reply,
                                        release: decision?.cause == .release ? session?.lastRelease : nil,
                                        decision: decision))
        }
        return PluginRun(plugin: plugin, opened: opened, layout: connection.sessions[name]?.layout, steps: steps)
    }

    /// The runs as text: each plugin, its `open`, each gesture and its reply.
    public static func report(_ runs: [PluginRun]) -> String {
        var out = ""
        for run in runs {
            out += "\(run.plugin.name) (\(run.plugin.strategyName))\n"
            out += "  \(run.opened.reply)\n"
            for step in run.steps {
                out += "  \(step.request)  ->  \(step.reply)"
                if let release = step.release {
                    out += "  [x \(NumberFormat.string(release.x)), v \(NumberFormat.string(release.v)), T \(NumberFormat.string(release.target))]"
                }
                out += "\n"
            }
        }
        return out
    }
}
