import DetentCore
import Histogram

/// What a load run measured.
struct BenchResult {
    var requests: Int
    var seconds: Double
    var errors: Int
    var firstError: String?
    var histogram: Histogram<UInt64>

    var rate: Double { Double(requests) / seconds }

    /// A latency percentile in microseconds.
    func micros(_ percentile: Double) -> Double {
        Double(histogram.valueAtPercentile(percentile)) / 1000
    }

    var maxMicros: Double { Double(histogram.max) / 1000 }

    static func rounded(_ value: Double, _ places: Double = 10) -> String {
        NumberFormat.string((value * places).rounded() / places)
    }

    func text(connections: Int, pipeline: Int, what: String) -> String {
        var out = "\(connections) connection(s), \(pipeline) in flight each: \(what)\n"
        out += "requests: \(requests) in \(Self.rounded(seconds, 100)) s = \(Self.rounded(rate, 1)) req/s, errors: \(errors)\n"
        out += "latency (µs): p50 \(Self.rounded(micros(50))) p90 \(Self.rounded(micros(90))) p99 \(Self.rounded(micros(99)))"
        out += " p99.9 \(Self.rounded(micros(99.9))) max \(Self.rounded(maxMicros))"
        if let firstError { out += "\nfirst error: \(firstError)" }
        return out
    }

    func json(connections: Int, pipeline: Int, plugin: String?) -> String {
        let latency = [("p50", micros(50)), ("p90", micros(90)), ("p99", micros(99)), ("p99.9", micros(99.9)), ("max", maxMicros)]
            .map { "\"\($0.0)\":\(Self.rounded($0.1))" }.joined(separator: ",")
        let what = plugin.map { "\"end\",\"plugin\":\"\($0)\"" } ?? "\"ping\""
        return "{\"connections\":\(connections),\"pipeline\":\(pipeline),\"request\":\(what),\"requests\":\(requests),"
            + "\"seconds\":\(Self.rounded(seconds, 1000)),\"rps\":\(Self.rounded(rate, 1)),\"errors\":\(errors),\"latency_us\":{\(latency)}}"
    }
}
