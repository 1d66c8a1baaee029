import Foundation
import Testing
import DetentTestSupport

/// The systemd units, `make install` and `make uninstall`.
@Suite(.serialized) struct ServiceFilesTests {
    static let repository = BuiltProducts.repositoryRoot
    static let binaries = (BuiltProducts.executable("detentd") as NSString).deletingLastPathComponent

    func make(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessOutput.run("/usr/bin/make", ["-C", Self.repository, "BIN=\(Self.binaries)"] + arguments)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func installLaysOutACompleteTreeAndUninstallRemovesIt() throws {
        let destination = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: destination) }
        let install = try make(["install", "DESTDIR=\(destination)"])
        #expect(install.status == 0, "\(install.stderr)")
        let expected = [
            "etc/detent/plugins.json",
            "etc/detent/websocket.json",
            "usr/local/bin/detent",
            // libdetent (clients/c): the library, its headers and detent.pc;
            // libdetent-gtk-1 (clients/gtk): DetentCarousel, its header, .pc,
            // .gir and typelib (where GI does not search under /usr/local);
            // Detent.Controls (clients/qt-quick) under lib/qt6/qml; the
            // JavaScript client (clients/js) and the WebSocket relay
            // (contrib/websocket) with its config and user units.
            "usr/local/include/detent-gtk.h",
            "usr/local/include/detent/client.h",
            "usr/local/include/detent/detent_plugin.h",
            "usr/local/include/detent/glib.h",
            "usr/local/include/detent/messages.h",
            "usr/local/include/detent/pool.h",
            "usr/local/include/detent/protocol.h",
            "usr/local/include/detent/qt.h",
            "usr/local/include/detent/strip.h",
            "usr/local/lib/girepository-1.0/Detent-1.typelib",
            "usr/local/lib/libdetent-gtk-1.so",
            "usr/local/lib/libdetent-gtk-1.so.0",
            "usr/local/lib/libdetent-gtk-1.so.0.0.0",
            "usr/local/lib/libdetent.a",
            "usr/local/lib/libdetent.so",
            "usr/local/lib/libdetent.so.1",
            "usr/local/lib/libdetent.so.1.0.0",
            "usr/local/lib/pkgconfig/detent-gtk-1.pc",
            "usr/local/lib/pkgconfig/detent.pc",
            "usr/local/lib/qt6/qml/Detent/Controls/SwipeView.qml",
            "usr/local/lib/qt6/qml/Detent/Controls/impl/libdetentcontrolsimplplugin.so",
            "usr/local/lib/qt6/qml/Detent/Controls/impl/plugins.qmltypes",
            "usr/local/lib/qt6/qml/Detent/Controls/impl/qmldir",
            "usr/local/lib/qt6/qml/Detent/Controls/qmldir",
            "usr/local/lib/systemd/system/detentd.service",
            "usr/local/lib/systemd/system/detentd.socket",
            "usr/local/lib/systemd/user/detent-websocket.service",
            "usr/local/lib/systemd/user/detent-websocket.socket",
            "usr/local/lib/systemd/user/detentd.service",
            "usr/local/lib/systemd/user/detentd.socket",
            "usr/local/lib/sysusers.d/detent.conf",
            "usr/local/lib/tmpfiles.d/detent.conf",
            "usr/local/sbin/detent-websocket",
            "usr/local/sbin/detentd",
            "usr/local/share/gir-1.0/Detent-1.gir",
            "usr/local/share/javascript/detent/bezier.js",
            "usr/local/share/javascript/detent/carousel/attributes.js",
            "usr/local/share/javascript/detent/carousel/core.js",
            "usr/local/share/javascript/detent/carousel/endpoint.js",
            "usr/local/share/javascript/detent/carousel/input.js",
            "usr/local/share/javascript/detent/carousel/item.js",
            "usr/local/share/javascript/detent/carousel/layout.js",
            "usr/local/share/javascript/detent/carousel/markup.js",
            "usr/local/share/javascript/detent/carousel/motion.js",
            "usr/local/share/javascript/detent/carousel/native.js",
            "usr/local/share/javascript/detent/carousel/paging.js",
            "usr/local/share/javascript/detent/carousel/report.js",
            "usr/local/share/javascript/detent/carousel/slides.js",
            "usr/local/share/javascript/detent/carousel/trace.js",
            "usr/local/share/javascript/detent/carousel/view.js",
            "usr/local/share/javascript/detent/detent-carousel.js",
            "usr/local/share/javascript/detent/detent.js",
            "usr/local/share/javascript/detent/lines.js",
            "usr/local/share/javascript/detent/motion.js",
            "usr/local/share/javascript/detent/package.json",
            "usr/local/share/javascript/detent/pool.js",
            "usr/local/share/javascript/detent/protocol.js",
            "usr/local/share/javascript/detent/strip.js",
            "usr/local/share/javascript/detent/strip/base.js",
            "usr/local/share/javascript/detent/strip/input.js",
            "usr/local/share/javascript/detent/strip/layout.js",
            "usr/local/share/javascript/detent/strip/link.js",
            "usr/local/share/javascript/detent/strip/path.js",
            "usr/local/share/javascript/detent/strip/reply.js",
            "usr/local/share/javascript/detent/strip/settings.js",
            "usr/local/share/javascript/detent/strip/wheel.js",
            "usr/local/share/javascript/detent/wheel.js",
            "usr/local/share/man/man1/detent.1",
            "usr/local/share/man/man3/detent-carousel.3",
            "usr/local/share/man/man3/detent-client.3",
            "usr/local/share/man/man3/detent-plugin.3",
            "usr/local/share/man/man3/detent-strip.3",
            "usr/local/share/man/man5/plugins.json.5",
            "usr/local/share/man/man7/detent-protocol.7",
            "usr/local/share/man/man8/detent-websocket.8",
            "usr/local/share/man/man8/detentd.8",
        ]
        let files = FileManager.default.enumerator(atPath: destination)!.compactMap { $0 as? String }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: destination + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
        #expect(files.sorted() == expected)
        #expect(FileManager.default.isExecutableFile(atPath: destination + "/usr/local/sbin/detentd"))
        #expect(FileManager.default.isExecutableFile(atPath: destination + "/usr/local/bin/detent"))
        let service = try read(destination + "/usr/local/lib/systemd/system/detentd.service")
        #expect(service.contains("\nExecStart=/usr/local/sbin/detentd --config /etc/detent/plugins.json\n"))
        #expect(!service.contains("@SBINDIR@") && !service.contains("@SYSCONFDIR@"), "every placeholder is filled in")
        let userService = try read(destination + "/usr/local/lib/systemd/user/detentd.service")
        #expect(userService.contains("\nExecStart=/usr/local/sbin/detentd --user\n"))
        #expect(try read(destination + "/etc/detent/plugins.json") == read(Self.repository + "/plugins.json"))
        // The installed daemon runs and checks the installed config.
        let check = try ProcessOutput.run(destination + "/usr/local/sbin/detentd", ["--check", "--config", destination + "/etc/detent/plugins.json"])
        #expect(check.status == 0)
        // A plugin builds against the installed header.
        let plugin = try ProcessOutput.run("/usr/bin/make", ["-C", Self.repository + "/Examples/plugins/half-page", "OUT=" + destination + "/plugin",
                                                             "DETENT_INCLUDE=" + destination + "/usr/local/include/detent"])
        #expect(plugin.status == 0 && plugin.stdout.contains("-I\(destination)/usr/local/include/detent"), "\(plugin.stdout)\(plugin.stderr)")
        try? FileManager.default.removeItem(atPath: destination + "/plugin")
        // An existing config is never overwritten.
        try "{\"plugins\":[{\"name\":\"mine\",\"strategy\":\"flick\"}]}".write(toFile: destination + "/etc/detent/plugins.json", atomically: true, encoding: .utf8)
        let again = try make(["install", "DESTDIR=\(destination)"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("keeping \(destination)/etc/detent/plugins.json"))
        #expect(try read(destination + "/etc/detent/plugins.json").contains("mine"))
        // Uninstall removes what install put, and keeps the configs.
        let uninstall = try make(["uninstall", "DESTDIR=\(destination)"])
        #expect(uninstall.status == 0)
        for path in expected where !path.hasPrefix("etc/detent/") {
            #expect(!FileManager.default.fileExists(atPath: destination + "/" + path), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: destination + "/etc/detent/plugins.json"))
    }

    @Test func unitsVerifyCleanAndRateSafe() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else {
            Issue.record("systemd-analyze is not installed (scripts/setup --test installs systemd)")
            return
        }
        // Installed with a prefix that exists here, so ExecStart points at
        // a real binary and the Documentation= pages are found.
        let root = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let install = try make(["install", "PREFIX=\(root)/usr", "SYSCONFDIR=\(root)/etc"])
        #expect(install.status == 0, "\(install.stderr)")
        let units = root + "/usr/lib/systemd/system"
        var environment = ProcessInfo.processInfo.environment
        environment["MANPATH"] = root + "/usr/share/man"
        let verify = try ProcessOutput.run("/usr/bin/systemd-analyze", ["verify", units + "/detentd.service", units + "/detentd.socket"], environment: environment)
        #expect(verify.status == 0)
        #expect(verify.stdout.isEmpty && verify.stderr.isEmpty, "systemd-analyze verify printed: \(verify.stdout)\(verify.stderr)")
        let security = try ProcessOutput.run("/usr/bin/systemd-analyze", ["security", "--offline=true", units + "/detentd.service"])
        let line = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level for detentd.service:") }
        let score = line.flatMap { $0.split(separator: ":").last?.split(separator: " ").first }.flatMap { Double($0) }
        #expect(score.map { $0 <= 2.0 } == true, "\(line ?? "no score")")
        // The user units (the user manager's own security rating is checked
        // under a real systemd, Tests/System/service-test).
        let user = root + "/usr/lib/systemd/user"
        // A user manager's %t: verify --user fails without XDG_RUNTIME_DIR
        // (CI runs as root with none).
        let runtime = root + "/run-user"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime
        let verifyUser = try ProcessOutput.run("/usr/bin/systemd-analyze", ["verify", "--user", user + "/detentd.service", user + "/detentd.socket"],
                                               environment: environment)
        #expect(verifyUser.status == 0 && verifyUser.stdout.isEmpty && verifyUser.stderr.isEmpty,
                "systemd-analyze verify --user printed: \(verifyUser.stdout)\(verifyUser.stderr)")
    }

    @Test func unitsSayWhatTheServiceNeeds() throws {
        let service = try read(Self.repository + "/contrib/systemd/detentd.service.in")
        for directive in ["Type=notify", "ExecReload=/bin/kill -HUP $MAINPID", "Restart=on-failure", "NoNewPrivileges=yes",
                          "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "PrivateNetwork=yes",
                          "RestrictAddressFamilies=AF_UNIX", "MemoryDenyWriteExecute=yes", "SystemCallFilter=@system-service",
                          "RuntimeDirectory=detent", "User=detent", "Group=detent"] {
            #expect(service.contains("\n" + directive + "\n"), "\(directive)")
        }
        let socket = try read(Self.repository + "/contrib/systemd/detentd.socket")
        for directive in ["ListenStream=/run/detent/detent.sock", "SocketMode=0660", "SocketGroup=detent"] {
            #expect(socket.contains("\n" + directive + "\n"), "\(directive)")
        }
        #expect(try read(Self.repository + "/contrib/sysusers.d/detent.conf").contains("\nu detent - "))
        let userSocket = try read(Self.repository + "/contrib/systemd/user/detentd.socket")
        for directive in ["ListenStream=%t/detent.sock", "SocketMode=0600", "WantedBy=sockets.target"] {
            #expect(userSocket.contains("\n" + directive + "\n"), "\(directive)")
        }
        let userService = try read(Self.repository + "/contrib/systemd/user/detentd.service.in")
        for directive in ["Type=notify", "ExecStart=@SBINDIR@/detentd --user", "ExecReload=/bin/kill -HUP $MAINPID", "WatchdogSec=30s",
                          "NoNewPrivileges=yes", "RestrictAddressFamilies=AF_UNIX", "SystemCallFilter=@system-service"] {
            #expect(userService.contains("\n" + directive + "\n"), "\(directive)")
        }
    }
}
