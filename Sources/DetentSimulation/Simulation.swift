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
        for gesture in gestures {
            let name = gesture.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            guard Self.gestureVerbs.contains(where: { $0.name == name }) else {
                let names = Self.gestureVerbs.map(\.name).joined(separator: ", ")
                throw SimulationError("gesture \"\(gesture)\": a gesture is one of \(names) with its keys, without s")
            }
            if gesture.contains(" s=") {
                throw SimulationError("gesture \"\(gesture)\": leave s out; each plugin gets its own session")
            }
        }
        return chosen.map { run($0, config: config, layout: layout, gestures: gestures) }
    }

    /// The verbs a gesture may use: those of the verb table that act on
    /// an open session (`open` and `close` are the simulation's own).
    static var gestureVerbs: [Verb] {
        Verb.all.filter(\.actsOnOpenSession)
    }

    static func run(_ plugin: Plugin, config: Config, layout: String, gestures: [String]) -> PluginRun {
        let server = ServerState(config: config)
        var connection = ConnectionState()
        let name = plugin.name
        func send(_ line: String) -> String {
            let reply = Dispatcher.handle(line, connection: &connection, server: server).reply ?? ""
            return String(reply.dropLast())
        }
        let openLine = "open s=\(name) plugin=\(name) \(layout)"
        let opened = SimulationStep(request: openLine, reply: send(openLine))
        var steps: [SimulationStep] = []
        for gesture in gestures {
            var parts = gesture.split(separator: " ", maxSplits: 1).map(String.init)
            parts.insert("s=\(name)", at: 1)
            let reply = send(parts.joined(separator: " "))
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
