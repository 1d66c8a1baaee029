import ArgumentParser

/// `detent`: tools around the Detent daemon.
@main
struct Detent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detent",
        abstract: "Tools for Detent, the daemon that decides where a paged scroll view comes to rest.",
        subcommands: [Send.self, Replay.self, MotionCommand.self, Bench.self, Simulate.self]
    )
}
