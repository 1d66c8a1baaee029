#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DetentPOSIX
import DetentCore
import DetentSimulation

/// `detent simulate`: run plugins offline, no daemon needed.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run plugins offline over one layout and a few gestures; print or draw their decisions.",
        discussion: """
            Each plugin gets its own session, opened with --layout, and plays the same \
            gestures in order. The replies are exactly what detentd would send.

            Example (seed 000's cards under UIKit paging and under flick):
              detent simulate --config plugins.json --plugin paging,cards \\
                --layout 'viewport=375 item=343 count=5 spacing=8 lead=16 trail=16' \\
                --gesture 'end x=90 v=1.4' --gesture 'end x=500 v=-0.2' --svg cards.svg
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The plugins.json to read.",
        discussion: LoadedConfig.searchOrder,
        valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp(
        "Comma-separated plugin names to run (default: every plugin of the config).", valueName: "a,b,..."))
    var plugin: String?

    @Option(name: .long, help: ArgumentHelp(
        "The geometry keys of open, e.g. 'viewport=375 item=343 count=5 spacing=8'.", valueName: "keys"))
    var layout: String

    @Option(name: .long, help: ArgumentHelp(
        "A request without s, played in order; repeat for more (e.g. 'end x=90 v=1.4', 'begin x=10 t=0', 'goto index=3').",
        valueName: "line"))
    var gesture: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Also draw the decisions as SVG into this file: a row per plugin with items, snaps, release, target and chosen snap.",
        valueName: "path"))
    var svg: String?

    func run() throws {
        let loaded: LoadedConfig
        do {
            loaded = try LoadedConfig.resolve(explicit: config)
        } catch {
            throw ValidationError(error.description)
        }
        let names = plugin.map { $0.split(separator: ",").map(String.init) } ?? []
        let runs: [PluginRun]
        do {
            runs = try Simulation.run(config: loaded.config, plugins: names, layout: layout, gestures: gesture)
        } catch {
            throw ValidationError(error.description)
        }
        print(Simulation.report(runs), terminator: "")
        if let svg {
            let drawing = SVGRenderer.render(runs, caption: layout)
            guard let file = fopen(svg, "w") else {
                throw ValidationError("cannot write \(svg): \(String(cString: strerror(errno)))")
            }
            defer { fclose(file) }
            let bytes = Array(drawing.utf8)
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
                throw ValidationError("cannot write \(svg): \(String(cString: strerror(errno)))")
            }
        }
    }
}
