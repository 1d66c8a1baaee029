import DetentTestSupport
import Foundation
import Testing
@testable import DetentCore

/// The registry is the one source of what the built-in strategies are:
/// the man page agrees with it, each strategy keeps the invariants with its
/// default options, and a strategy is one file plus one registry line.
@Suite struct RegistryTests {
    typealias Entry = (name: String, description: String?, options: [OptionDescription])

    /// plugins.json(5)'s STRATEGIES: the common options' list, then each
    /// strategy with its first line and its options' list.
    static func manPage() throws -> (common: [OptionDescription], strategies: [Entry]) {
        let page = try String(contentsOfFile: BuiltProducts.repositoryFile("man/plugins.json.5"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: ".Sh STRATEGIES") else { return ([], []) }
        var common: [OptionDescription] = []
        var strategies: [Entry] = []
        var depth = 0
        var i = start + 1
        while i < lines.count, !lines[i].hasPrefix(".Sh ") {
            let line = lines[i]
            if line.hasPrefix(".Bl") { depth += 1 } else if line == ".El" { depth -= 1 }
            if line.hasPrefix(".It Cm "), i + 1 < lines.count {
                let name = String(line.dropFirst(7))
                let next = lines[i + 1]
                if next.hasPrefix("default "), let semicolon = next.firstIndex(of: ";") {
                    let option = OptionDescription(name: name, defaultText: String(next[next.index(next.startIndex, offsetBy: 8)..<semicolon]),
                                                   rule: String(next[next.index(semicolon, offsetBy: 2)...]))
                    if strategies.isEmpty || depth == 1 { common.append(option) } else { strategies[strategies.count - 1].options.append(option) }
                } else if depth == 1 {
                    strategies.append((name, next.hasPrefix(".") ? nil : next, []))
                }
            }
            i += 1
        }
        return (common, strategies)
    }

    @Test func theManPageListsEveryStrategyAndOptionAsTheRegistryStatesThem() throws {
        let page = try Self.manPage()
        #expect(page.common.count == CommonOptions.options.count && page.strategies.count == StrategyRegistry.all.count, "the page parses")
        #expect(page.common == CommonOptions.descriptions(), "the common options")
        #expect(page.strategies.map(\.name) == StrategyRegistry.names)
        for (type, entry) in zip(StrategyRegistry.all, page.strategies) {
            #expect(entry.description == type.about.summary, "\(type.about.name)'s line")
            #expect(entry.options == type.optionTable, "\(type.about.name)'s options")
        }
    }

    @Test(arguments: StrategyRegistry.names)
    func everyRegisteredStrategyKeepsTheInvariantsWithItsDefaults(name: String) throws {
        let type = try #require(StrategyRegistry.type(named: name))
        var reader = OptionReader(file: "-", path: JSONPath(), strategy: name, members: [])
        let plugin = Plugin(name: name, strategy: StrategyRegistry.make(type, reading: &reader))
        #expect(reader.issues.isEmpty)
        let (decisions, violations) = StrategyInvariants.check(plugin)
        #expect(decisions >= 500, "enough geometries it pages")
        #expect(violations == [])
    }

    /// A strategy is described once (issue 21): one `about` value holds
    /// its name, line and what it pages; neither `Strategy` nor a strategy
    /// states one of those as a property of its own.
    @Test func eachStrategyIsDescribedOnce() throws {
        let folder = BuiltProducts.repositoryFile("Sources/DetentCore/Strategies")
        let described = ["name", "description", "layouts", "reportsPage", "needsGesture", "restingTolerance", "fixedAlign", "commonDefaults"]
        // Strategy.swift forwards `name`, `layouts`... to `about`; it states none.
        for file in try #require(FileManager.default.subpaths(atPath: folder)) where file.hasSuffix("Strategy.swift") && file != "Strategy.swift" {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for property in described {
                #expect(!text.contains("var \(property):") && !text.contains("let \(property) ="), "\(file) states \(property) itself")
            }
        }
        for type in StrategyRegistry.all {
            #expect(StrategyRegistry.type(named: type.about.name) != nil)
        }
    }

    /// Options stated once (issues 21 and 32): the table, the summary and
    /// reading come from one list of one-line options, and a default is the
    /// property's initial value (reading nothing gives `Options()`).
    @Test func eachStrategysOptionsAreDeclaredOnce() {
        func check<S: BuiltInStrategy>(_: S.Type) {
            var reader = OptionReader(file: "-", path: JSONPath(), strategy: S.about.name, members: [])
            let read = S(options: S.readOptions(&reader))
            let plain = S(options: S.Options())
            #expect(reader.issues.isEmpty)
            #expect(read.summary.map { "\($0)=\($1)" } == plain.summary.map { "\($0)=\($1)" }, "\(S.about.name): reading nothing changed a default")
            #expect(read.common == plain.common && plain.common == S.about.commonDefaults, "\(S.about.name): the common defaults differ")
            #expect(S.ownOptions.map(\.name) == read.summary.map(\.0), "\(S.about.name): the table and the summary list other options")
            #expect(S.ownOptions.map(\.defaultText) == read.summary.map(\.1))
            let names = S.ownOptions.map(\.name) + CommonOptions.options.map(\.name)
            #expect(Set(names).count == names.count, "\(S.about.name): an option twice")
        }
        for type in StrategyRegistry.all { check(type) }
    }

    /// An option's name is written once: a strategy's in its file's list,
    /// the common ones (and the shared `autoplayMs`, `density`) in theirs;
    /// the daemon's options for a library, `--check` and the man page's
    /// list read them from there.
    @Test func eachOptionsNameIsWrittenOnce() throws {
        let sources = BuiltProducts.repositoryFile("Sources")
        let folders = ["DetentCore/Strategies", "DetentCore/Options", "DetentCore/Config", "DetentCore/PluginABI", "DetentPluginKit", "detentd"]
        let files = try #require(FileManager.default.subpaths(atPath: sources)).filter { file in
            file.hasSuffix(".swift") && folders.contains { file.hasPrefix($0 + "/") }
        }
        let texts = try files.map { try String(contentsOfFile: sources + "/" + $0, encoding: .utf8) }
        func count(_ name: String, in text: String) -> Int { text.components(separatedBy: "\"\(name)\"").count - 1 }
        let shared = DaemonOptions.options.map(\.name) + ["density"]
        #expect(Array(shared.prefix(CommonOptions.options.count)) == CommonOptions.options.map(\.name), "the daemon reads the common options")
        for name in shared {
            #expect(texts.map { count(name, in: $0) }.reduce(0, +) == 1, "\"\(name)\" is written more than once in \(folders)")
        }
        func check<S: BuiltInStrategy>(_ type: S.Type) throws {
            let file = "DetentCore/Strategies/\(String(describing: type)).swift"
            let text = try #require(files.firstIndex(of: file).map { texts[$0] }, "\(file)")
            for option in S.declaredOptions where !shared.contains(option.name) {
                #expect(count(option.name, in: text) == 1, "\(file) writes \"\(option.name)\" \(count(option.name, in: text)) times")
            }
        }
        for type in StrategyRegistry.all { try check(type) }
    }

    /// One file and one registry line: a strategy's type is named nowhere
    /// else in the sources, so adding one touches nothing else.
    @Test func aStrategyIsOneFileAndOneRegistryLine() throws {
        let sources = BuiltProducts.repositoryFile("Sources")
        let files = try #require(FileManager.default.subpaths(atPath: sources)).filter { $0.hasSuffix(".swift") }
        let registry = try String(contentsOfFile: sources + "/DetentCore/Strategies/StrategyRegistry.swift", encoding: .utf8)
        for type in StrategyRegistry.all {
            let typeName = String(describing: type)
            let naming = try files.filter { try String(contentsOfFile: sources + "/" + $0, encoding: .utf8).contains(typeName) }
            #expect(Set(naming) == ["DetentCore/Strategies/\(typeName).swift", "DetentCore/Strategies/StrategyRegistry.swift"], "\(typeName) is named in \(naming)")
            #expect(registry.split(separator: "\n").filter { $0.contains(typeName) }.count == 1, "one registry line for \(typeName)")
        }
        #expect(Set(StrategyRegistry.names).count == StrategyRegistry.all.count, "names are unique")
    }
}
