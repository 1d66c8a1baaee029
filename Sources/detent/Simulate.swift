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

            The wheel and the touchpad: a `wheel` or `scroll` gesture with lists in dx, \
            dy or t (comma-separated), or every=MS after its first t (n=COUNT events), is \
            one request per element; a `scroll` list is a whole swipe: phase=begin with \
            the first deltas, an update per element, then phase=end one step later. \
            A line without lists is sent as written.

            Example (three notches, the second within the wheel lock; then a swipe):
              detent simulate --plugin paging,adwaita \\
                --layout 'viewport=400 item=400 count=6' \\
                --gesture 'wheel dy=1,1,1 t=0,60,400' \\
                --gesture 'scroll dx=12,20,26,18 t=1000 every=16'
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
        "A request without s, played in order; repeat for more (e.g. 'end x=90 v=1.4', 'begin x=10 t=0', 'goto index=3', 'wheel dy=1 t=0'), or a run of wheel events or a touchpad swipe ('wheel dy=1,1 t=0,200', 'scroll dx=10,20 t=0 every=16').",
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
        do throws(SimulationError) {
            var gestures: [String] = []
            for line in gesture { gestures += try GestureShorthand.expand(line) }
            runs = try Simulation.run(config: loaded.config, plugins: names, layout: layout, gestures: gestures)
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
