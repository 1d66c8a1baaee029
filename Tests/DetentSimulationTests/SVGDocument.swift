import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed SVG: every element with its attributes and the plugin row it sits in.
final class SVGDocument: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var plugin: String?
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
        func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
    }

    private(set) var elements: [Element] = []
    private var pluginStack: [String?] = []
    private(set) var error: Error?

    init(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? NSError(domain: "svg", code: 1) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let current = pluginStack.last ?? nil
        let plugin = name == "g" && attributes["class"] == "plugin" ? attributes["data-name"] : current
        if name == "g" { pluginStack.append(plugin) }
        elements.append(Element(name: name, attributes: attributes, plugin: plugin))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { pluginStack.removeLast() }
    }

    /// The elements of a class in a plugin's row.
    func marks(_ cls: String, in plugin: String) -> [Element] {
        elements.filter { $0.plugin == plugin && $0.classes.contains(cls) }
    }
}
