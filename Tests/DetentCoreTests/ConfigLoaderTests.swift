import DetentTestSupport
import Foundation
import Testing
@testable import DetentCore

/// plugins.json(5): loading and every kind of error it names.
@Suite struct ConfigLoaderTests {
    func load(_ json: String, file: String = "plugins.json", directory: String? = nil) throws(ConfigError) -> Config {
        try ConfigLoader.load(Array(json.utf8), file: file, directory: directory)
    }

    /// The problems of a config that must not load, one per line.
    func problems(_ json: String) -> [String] {
        do {
            _ = try load(json)
            return ["loaded"]
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test func embeddedCopyIsTheRepositoryFile() throws {
        let file = try String(contentsOfFile: BuiltProducts.repositoryFile("plugins.json"), encoding: .utf8)
        #expect(file == EmbeddedConfig.json, "the build embeds plugins.json (Sources/DetentCore/Config/plugins.json links to it)")
    }

    @Test func bundledConfigIsCONFIGmds() {
        let config = Harness.bundledConfig
        #expect(config.listen == "/run/detent/detent.sock")
        #expect(config.socketMode == 0o660)
        #expect(config.defaultPlugin == "cards")
        #expect(config.limits == Limits())
        #expect(config.pluginNames == ["paging", "cards", "peek", "banner", "thumbs", "shelf", "carousel", "flutter-page", "embla", "swiper", "compose-pager", "android-pager", "android-linear", "adwaita", "qt-swipeview", "css-snap"])
        #expect(config.plugin(named: "cards")?.strategyName == "flick")
        #expect(config.plugin(named: "peek").map { $0.effectiveOptions.map { "\($0.0)=\($0.1)" } }
            == ["page=pitch", "flickVelocity=0.5", "decelerationRate=0.998", "rubberBand=0.55", "align=start", "maxDecayMs=2000", "springResponseMs=400", "wheelLockMs=150"])
        #expect(config.plugin(named: "cards").map { $0.effectiveOptions.map { "\($0.0)=\($0.1)" } }
            == ["flickVelocity=1", "decelerationRate=0.998", "rubberBand=0.55", "align=center", "maxDecayMs=2000", "springResponseMs=400", "wheelLockMs=150"])
    }

    @Test func defaultsWhenOnlyPluginsAreGiven() throws {
        let config = try load(#"{"plugins":[{"name":"a","strategy":"paging"},{"name":"b","strategy":"flick"}]}"#)
        #expect(config.listen == nil)
        #expect(config.socketMode == 0o600)
        #expect(config.defaultPlugin == "a")
        #expect(config.limits.maxLineBytes == 4096)
    }

    @Test func relativeListenIsRelativeToTheConfigFolder() throws {
        let config = try load(#"{"listen":"run/d.sock","plugins":[{"name":"a","strategy":"paging"}]}"#, directory: "/etc/detent")
        #expect(config.listen == "/etc/detent/run/d.sock")
    }

    @Test func defaultListenPath() {
        #expect(Config.defaultListenPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000) == "/run/user/1000/detent.sock")
        #expect(Config.defaultListenPath(environment: [:], uid: 42) == "/tmp/detent-42.sock")
    }

    @Test func unknownOptionNamesFilePathAndSuggestion() {
        let json = #"{"plugins":[{"name":"paging","strategy":"paging"},{"name":"cards","strategy":"flick","options":{"flikVelocity":1}}]}"#
        #expect(problems(json) == [#"plugins.json: plugins[1].options.flikVelocity: unknown option of strategy "flick" (did you mean "flickVelocity"?)"#])
    }

    @Test(arguments: [
        (#"{"plugins":[{"name":"a","strategy":"flik"}]}"#,
         #"plugins.json: plugins[0].strategy: no strategy is named "flik" (did you mean "flick"?); known: "# + StrategyRegistry.names.joined(separator: ", ")),
        (#"{"plugin":[{"name":"a","strategy":"flick"}],"plugins":[{"name":"a","strategy":"flick"}]}"#, #"plugins.json: plugin: unknown key in the config (did you mean "plugins"?)"#),
        (#"{"plugins":[]}"#, "plugins.json: plugins: needs at least one plugin"),
        (#"{}"#, "plugins.json: plugins: required: a list of at least one plugin"),
        (#"[]"#, "plugins.json: (top level): the file must hold one JSON object, not an array"),
        (#"{"plugins":[{"strategy":"flick"}]}"#, "plugins.json: plugins[0].name: required"),
        (#"{"plugins":[{"name":"a"}]}"#, "plugins.json: plugins[0].strategy: required: one of " + StrategyRegistry.names.joined(separator: ", ")),
        (#"{"plugins":[{"name":"a b","strategy":"flick"}]}"#, "plugins.json: plugins[0].name: must be 1 to 64 of A-Z a-z 0-9 . _ -"),
        (#"{"plugins":[{"name":"a","strategy":"flick"},{"name":"a","strategy":"paging"}]}"#, #"plugins.json: plugins[1].name: "a" is already the name of plugins[0]"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","option":{}}]}"#, #"plugins.json: plugins[0].option: unknown key in a plugin (did you mean "options"?)"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":[]}]}"#, "plugins.json: plugins[0].options: must be an object"),
        (#"{"defaultPlugin":"crads","plugins":[{"name":"cards","strategy":"flick"}]}"#, #"plugins.json: defaultPlugin: no plugin is named "crads" (did you mean "cards"?)"#),
        (#"{"socketMode":"0999","plugins":[{"name":"a","strategy":"flick"}]}"#, #"plugins.json: socketMode: must be a string of 3 or 4 octal digits, like "0660""#),
        (#"{"socketMode":660,"plugins":[{"name":"a","strategy":"flick"}]}"#, #"plugins.json: socketMode: must be a string of 3 or 4 octal digits, like "0660""#),
        (#"{"listen":"","plugins":[{"name":"a","strategy":"flick"}]}"#, "plugins.json: listen: must be a socket path (a non-empty string)"),
        (#"{"limits":{"maxLineBytes":0},"plugins":[{"name":"a","strategy":"flick"}]}"#, "plugins.json: limits.maxLineBytes: must be an integer >= 1"),
        (#"{"limits":{"maxItems":2.5},"plugins":[{"name":"a","strategy":"flick"}]}"#, "plugins.json: limits.maxItems: must be an integer >= 1"),
        (#"{"limits":{"bogus":5},"plugins":[{"name":"a","strategy":"flick"}]}"#, "plugins.json: limits.bogus: unknown key in limits"),
        (#"{"limits":{"maxItem":5},"plugins":[{"name":"a","strategy":"flick"}]}"#, #"plugins.json: limits.maxItem: unknown key in limits (did you mean "maxItems"?)"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":{"flickVelocity":-1}}]}"#, #"plugins.json: plugins[0].options.flickVelocity: -1 is out of range: must be >= 0 (pt/ms) (option of strategy "flick")"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":{"decelerationRate":1}}]}"#, #"plugins.json: plugins[0].options.decelerationRate: 1 is out of range: must be between 0 and 1, exclusive (0.998 normal, 0.99 fast) (option of strategy "flick")"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":{"rubberBand":"x"}}]}"#, #"plugins.json: plugins[0].options.rubberBand: must be a number, >= 0 (0 turns it off) (option of strategy "flick")"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":{"align":"left"}}]}"#, #"plugins.json: plugins[0].options.align: must be one of "start", "center", "end" (option of strategy "flick")"#),
        (#"{"plugins":[{"name":"a","strategy":"paging","options":{"page":0}}]}"#, #"plugins.json: plugins[0].options.page: must be "viewport", "pitch" or a number > 0 (option of strategy "paging")"#),
        (#"{"plugins":[{"name":"a","strategy":"paging","options":{"page":"pich"}}]}"#, #"plugins.json: plugins[0].options.page: must be "viewport", "pitch" or a number > 0 (option of strategy "paging")"#),
        (#"{"plugins":[{"name":"a","strategy":"paging"}],"plugins":[]}"#, #"plugins.json: plugins: line 1, column 47: member "plugins" is repeated"#),
        ("{\n  \"plugins\": [\n    {\"name\": \"a\",}\n  ]\n}", "plugins.json: plugins[0]: line 3, column 18: a member name (a string) is expected"),
    ])
    func errorNamesFilePathAndProblem(json: String, expected: String) {
        #expect(problems(json) == [expected])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let json = #"{"limits":{"maxItems":0},"plugins":[{"name":"a","strategy":"flick","options":{"flickVelocity":-1,"x":1}},{"name":"b","strategy":"nope"}]}"#
        #expect(problems(json).count == 4)
    }
}
