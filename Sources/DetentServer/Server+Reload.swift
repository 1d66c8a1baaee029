#if canImport(Glibc)
import Glibc
#endif
import DetentPOSIX
import DetentCore

/// SIGHUP (detentd(8), SIGNALS): the config file read again, and what
/// changed logged; limits being hit logged without flooding.
extension Server {
    /// SIGHUP: load the config file again; keep the old one if it is invalid.
    func reload() {
        guard let path = options.configSearch.first(where: { access($0, F_OK) == 0 }) ?? options.configPath else {
            logger.notice("SIGHUP: serving the embedded plugins.json; nothing to reload")
            return
        }
        options.notifier?.notify("RELOADING=1\nMONOTONIC_USEC=\(SystemdNotifier.monotonicMicroseconds())")
        defer { options.notifier?.notify("READY=1\nSTATUS=\(status)") }
        var fresh: Config
        do {
            fresh = try ConfigFile.load(path)
            if let owner = options.owner { fresh = fresh.ownedBy(uid: owner) }
        } catch {
            logger.error("SIGHUP: \(path) is invalid; keeping the running config:\n\(error)")
            return
        }
        let changes = fresh.changes(from: state.config)
        state.config = fresh
        logger.info("SIGHUP: reloaded \(path): \(changes.isEmpty ? "nothing changed" : "\(changes.count) change(s)")")
        for change in changes { logger.notice("SIGHUP: \(change)") }
        for note in fresh.notes { logger.warning("SIGHUP: \(note)") }
    }

    /// Logs a limit being hit (a refused client, a cut line, a paused slow
    /// reader), at most once a second per limit so a flood is one line.
    func noteLimitHit(_ limit: String) {
        let now = MonotonicClock.seconds()
        if now - (lastLimitLog[limit] ?? -10) >= 1 {
            lastLimitLog[limit] = now
            logger.notice("limit hit: limits.\(limit)")
        }
    }
}
