import DetentClient
import DetentTestSupport
import Foundation
import Testing

/// The discovery rule (detentd(8), "FINDING THE DAEMON") on the shared
/// table of cases, Tests/Conformance/discovery.txt.
@Suite struct DiscoveryTests {
    @Test(arguments: try DiscoveryCase.all())
    func theClientFindsTheDaemonByTheRule(_ row: DiscoveryCase) throws {
        let setup = try DiscoverySetup(row)
        let discovery = SocketDiscovery(environment: setup.environment, systemPath: setup.paths["system"]!,
                                        fallbackPath: setup.paths["fallback"]!)
        do {
            let socket = try discovery.connect()
            #expect(setup.candidate(at: socket.path) == row.connects, "connected to \(socket.path)")
        } catch {
            #expect(row.connects == nil, "\(error)")
            guard case .noDaemon(let tried, let variable) = error else {
                Issue.record("not a discovery failure: \(error)")
                return
            }
            #expect(tried == row.failures.map { DiscoveryAttempt(path: setup.paths[$0.candidate]!, reason: $0.reason) })
            #expect(variable == (row.variable == "variable"))
            let message = error.description
            for attempt in tried { #expect(message.contains("\(attempt.path) (\(attempt.reason))")) }
            #expect(message.contains(variable ? "DETENT_SOCKET" : "systemctl --user start detentd.socket"), "\(message)")
        }
    }

    @Test func theTableHasEveryKindOfCase() throws {
        let rows = try DiscoveryCase.all()
        #expect(rows.count >= 12)
        for candidate in ["variable", "user", "system", "fallback"] {
            #expect(rows.contains { $0.connects == candidate }, "no case connects to \(candidate)")
        }
        #expect(rows.contains { $0.failures.contains { $0.reason == "refused" } })
        #expect(rows.contains { $0.failures.contains { $0.reason == "absent" } })
    }
}

/// The `detent` tool on the same table, with the real fixed paths: it runs
/// in a mount namespace of its own where the case's folders are bound onto
/// /run/detent and /tmp (so it needs root, as CI has), wherever the
/// repository is.
@Suite struct DetentToolDiscoveryTests {
    @Test(.enabled(if: getuid() == 0, "binding onto /run/detent and /tmp needs root"), arguments: try DiscoveryCase.all())
    func theToolFindsTheDaemonByTheRule(_ row: DiscoveryCase) throws {
        // Neither the case's folder nor the tool may live under /tmp, which
        // the namespace replaces (a clone may be there): the folder goes to
        // /var/tmp, the tool is bound onto /run first.
        let setup = try DiscoverySetup(row, under: "/var/tmp/detent-discovery-test", daemons: true)
        let script = """
            mount -t tmpfs tmpfs /run && mkdir /run/detent && touch /run/detent-tool && mount --bind "$2" /run/detent-tool \
            && mount --bind "$1/run" /run/detent && mount --bind "$1/tmp" /tmp && shift 2 && exec /run/detent-tool "$@"
            """
        var environment = setup.environment
        environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin"
        let result = try ProcessOutput.run("/usr/bin/unshare", ["-m", "--propagation", "private", "/bin/sh", "-c", script, "sh",
                                                               setup.directory, BuiltProducts.executable("detent"), "send", "hello"],
                                           environment: environment)
        let real = ["variable": setup.paths["variable"]!, "user": setup.paths["user"]!,
                    "system": "/run/detent/detent.sock", "fallback": "/tmp/detent-\(getuid()).sock"]
        if let expected = row.connects {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(" plugins=\(expected)\n"), "answered by \(result.stdout)")
        } else {
            #expect(result.status == 1 && result.stdout.isEmpty, "\(result.stdout)")
            for failure in row.failures {
                #expect(result.stderr.contains("\(real[failure.candidate]!) (\(failure.reason))"), "\(result.stderr)")
            }
        }
    }
}
