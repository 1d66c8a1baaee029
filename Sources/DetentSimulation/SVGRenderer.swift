import DetentCore

/// Draws simulation runs as one SVG so strategies compare at a glance: one
/// row per plugin with its content strip (items, snaps), and a lane per
/// decision: the chosen snap's viewport with the items it shows (so a card
/// cut by a misaligned stop shows), guides up to the strip, the release
/// offset and the projected target.
///
/// Every mark carries a class and `data-` attributes with its offset, so
/// the drawing can be checked by parsing, not by eye alone.
public struct SVGRenderer {
    public static let width = 960.0
    static let labelWidth = 190.0
    static let margin = 16.0
    static let titleHeight = 22.0
    static let stripHeight = 34.0
    static let laneHeight = 26.0
    static let rowGap = 18.0

    /// The horizontal scale shared by every row: content offsets to pixels.
    public struct Scale: Sendable {
        public var low: Double
        public var high: Double

        /// The x pixel of a content offset, held inside the plot.
        public func x(_ offset: Double) -> Double {
            let clamped = min(max(offset, low), high)
            return SVGRenderer.labelWidth + (clamped - low) / (high - low) * (SVGRenderer.width - SVGRenderer.labelWidth - SVGRenderer.margin)
        }

        /// A length in pixels.
        public func length(_ points: Double) -> Double {
            points / (high - low) * (SVGRenderer.width - SVGRenderer.labelWidth - SVGRenderer.margin)
        }
    }

    /// The scale that fits every run's content and resting viewports.
    public static func scale(for runs: [PluginRun]) -> Scale {
        var low = 0.0
        var high = 1.0
        for run in runs {
            guard let layout = run.layout else { continue }
            let geometry = layout.geometry
            let snaps = layout.snaps
            low = min(low, snaps.offsets[0])
            high = max(high, snaps.offsets[snaps.count - 1] + geometry.viewport)
            for box in itemBoxes(layout) { high = max(high, box.start + box.size) }
            if let pad = snaps.pad { high = max(high, geometry.maxOffset + pad + geometry.viewport) }
        }
        return Scale(low: low, high: high)
    }

    /// Where each item is drawn: for loops the physical items, duplicates included.
    static func itemBoxes(_ layout: Layout) -> [(start: Double, size: Double, duplicate: Bool)] {
        guard let run = layout.geometry.items else { return [] }
        if let count = layout.snaps.loopCount {
            let physical = ItemRun(uniform: run.firstSize, count: count + 2 * SnapSet.loopDuplicates,
                                   spacing: run.spacing, lead: run.lead, trail: run.trail)
            return (0..<physical.count).map { (physical.start($0), physical.size($0), layout.snaps.isDuplicate($0)) }
        }
        return (0..<run.count).map { (run.start($0), run.size($0), false) }
    }

    /// The whole drawing.
    public static func render(_ runs: [PluginRun], caption: String) -> String {
        let scale = scale(for: runs)
        var body = ""
        var y = margin + titleHeight + 8
        for run in runs {
            body += row(run, scale: scale, top: y)
            y += rowHeight(run) + rowGap
        }
        let height = y + 24
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" font-family="sans-serif" font-size="12">
            <rect class="background" x="0" y="0" width="\(n(width))" height="\(n(height))" fill="#ffffff"/>
            <text class="caption" x="\(n(margin))" y="\(n(margin + 14))" font-size="14" font-weight="bold">\(escape(caption))</text>

            """
        svg += body
        let legendY = height - 12
        svg += """
            <g class="legend" font-size="11">
            <rect x="\(n(labelWidth))" y="\(n(legendY - 9))" width="14" height="10" fill="#cfe3f7" stroke="#5b8fc7"/><text x="\(n(labelWidth + 18))" y="\(n(legendY))">item</text>
            <line x1="\(n(labelWidth + 60))" y1="\(n(legendY - 10))" x2="\(n(labelWidth + 60))" y2="\(n(legendY + 1))" stroke="#222" stroke-width="2"/><text x="\(n(labelWidth + 66))" y="\(n(legendY))">snap</text>
            <circle cx="\(n(labelWidth + 112))" cy="\(n(legendY - 4))" r="4" fill="#1f6fd1"/><text x="\(n(labelWidth + 120))" y="\(n(legendY))">release x</text>
            <path d="M\(n(labelWidth + 186)),\(n(legendY - 9)) l5,5 l-5,5 l-5,-5 z" fill="#d1341f"/><text x="\(n(labelWidth + 194))" y="\(n(legendY))">projected target T</text>
            <rect x="\(n(labelWidth + 306))" y="\(n(legendY - 9))" width="22" height="10" fill="#f7b733" fill-opacity="0.35" stroke="#e08a00"/><text x="\(n(labelWidth + 332))" y="\(n(legendY))">viewport at the chosen snap</text>
            </g>
            </svg>

            """
        return svg
    }

    static func decisionSteps(_ run: PluginRun) -> [SimulationStep] {
        run.steps.filter { $0.decision != nil }
    }

    static func rowHeight(_ run: PluginRun) -> Double {
        titleHeight + stripHeight + Double(decisionSteps(run).count) * laneHeight
    }

    static func row(_ run: PluginRun, scale: Scale, top: Double) -> String {
        var out = "<g class=\"plugin\" data-name=\"\(escape(run.plugin.name))\" data-strategy=\"\(run.plugin.strategyName)\">\n"
        out += "<text class=\"title\" x=\"\(n(margin))\" y=\"\(n(top + 14))\" font-weight=\"bold\">\(escape(run.plugin.name)) (\(run.plugin.strategyName))</text>\n"
        guard let layout = run.layout else {
            out += "<text class=\"error\" x=\"\(n(labelWidth))\" y=\"\(n(top + 14))\" fill=\"#b00\">\(escape(run.opened.reply))</text>\n</g>\n"
            return out
        }
        let geometry = layout.geometry
        let snaps = layout.snaps
        let stripTop = top + titleHeight
        let stripBottom = stripTop + stripHeight
        // Content, items and the pad spacer.
        if let items = geometry.items {
            let end = items.contentLength
            out += "<rect class=\"content\" x=\"\(n(scale.x(0)))\" y=\"\(n(stripTop + 6))\" width=\"\(n(scale.x(end) - scale.x(0)))\" height=\"\(n(stripHeight - 12))\" fill=\"#f3f3f3\"/>\n"
            if let pad = snaps.pad, pad > 0 {
                out += "<rect class=\"pad\" data-size=\"\(n(pad))\" x=\"\(n(scale.x(end)))\" y=\"\(n(stripTop + 6))\" width=\"\(n(scale.length(pad)))\" height=\"\(n(stripHeight - 12))\" fill=\"none\" stroke=\"#999\" stroke-dasharray=\"3,2\"/>\n"
            }
        }
        for (i, box) in itemBoxes(layout).enumerated() {
            let kind = box.duplicate ? "item duplicate" : "item"
            let fill = box.duplicate ? "#e4e4e4" : "#cfe3f7"
            out += "<rect class=\"\(kind)\" data-index=\"\(i)\" data-start=\"\(n(box.start))\" data-size=\"\(n(box.size))\" x=\"\(n(scale.x(box.start)))\" y=\"\(n(stripTop + 8))\" width=\"\(n(scale.length(box.size)))\" height=\"\(n(stripHeight - 16))\" fill=\"\(fill)\" stroke=\"#5b8fc7\"/>\n"
        }
        for (k, offset) in snaps.offsets.enumerated() {
            out += "<line class=\"snap\" data-k=\"\(k)\" data-offset=\"\(n(offset))\" x1=\"\(n(scale.x(offset)))\" y1=\"\(n(stripTop))\" x2=\"\(n(scale.x(offset)))\" y2=\"\(n(stripTop + 8))\" stroke=\"#222\" stroke-width=\"2\"/>\n"
        }
        // A lane per decision.
        var laneTop = stripBottom
        for step in decisionSteps(run) {
            let decision = step.decision!
            let mid = laneTop + laneHeight / 2
            out += "<text class=\"gesture\" x=\"\(n(margin + 8))\" y=\"\(n(mid + 4))\" font-size=\"11\">\(escape(step.request))</text>\n"
            let left = scale.x(decision.x)
            let right = scale.x(decision.x + geometry.viewport)
            out += "<rect class=\"chosen\" data-offset=\"\(n(decision.x))\" data-index=\"\(decision.index)\" x=\"\(n(left))\" y=\"\(n(laneTop + 3))\" width=\"\(n(right - left))\" height=\"\(n(laneHeight - 6))\" fill=\"#f7b733\" fill-opacity=\"0.35\" stroke=\"#e08a00\"/>\n"
            // What the screen shows there: the items cut by the viewport.
            for box in itemBoxes(layout) where box.start < decision.x + geometry.viewport && box.start + box.size > decision.x {
                let from = scale.x(max(box.start, decision.x))
                let to = scale.x(min(box.start + box.size, decision.x + geometry.viewport))
                out += "<rect class=\"visible\" data-start=\"\(n(box.start))\" x=\"\(n(from))\" y=\"\(n(laneTop + 6))\" width=\"\(n(to - from))\" height=\"\(n(laneHeight - 12))\" fill=\"#cfe3f7\" stroke=\"#5b8fc7\"/>\n"
            }
            for edge in [left, right] {
                out += "<line class=\"guide\" x1=\"\(n(edge))\" y1=\"\(n(stripTop + 4))\" x2=\"\(n(edge))\" y2=\"\(n(laneTop + 3))\" stroke=\"#e08a00\" stroke-dasharray=\"2,2\"/>\n"
            }
            if let release = step.release {
                let rx = scale.x(release.x)
                let tx = scale.x(release.target)
                out += "<line class=\"travel\" x1=\"\(n(rx))\" y1=\"\(n(mid))\" x2=\"\(n(tx))\" y2=\"\(n(mid))\" stroke=\"#888\"/>\n"
                out += "<circle class=\"release\" data-offset=\"\(n(release.x))\" cx=\"\(n(rx))\" cy=\"\(n(mid))\" r=\"4\" fill=\"#1f6fd1\"/>\n"
                out += "<path class=\"target\" data-offset=\"\(n(release.target))\" d=\"M\(n(tx)),\(n(mid - 5)) l5,5 l-5,5 l-5,-5 z\" fill=\"#d1341f\"/>\n"
            }
            if let jump = decision.jump {
                out += "<circle class=\"jump\" data-offset=\"\(n(jump))\" cx=\"\(n(scale.x(jump)))\" cy=\"\(n(mid))\" r=\"4\" fill=\"none\" stroke=\"#e08a00\" stroke-width=\"2\"/>\n"
            }
            laneTop += laneHeight
        }
        out += "</g>\n"
        return out
    }

    /// A number for an attribute: at most two decimals.
    static func n(_ value: Double) -> String {
        NumberFormat.string((value * 100).rounded() / 100)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
