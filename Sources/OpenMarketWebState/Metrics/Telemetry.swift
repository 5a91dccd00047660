import Metrics
import Prometheus

/// The process's metrics: every swift-metrics call in the server (Hummingbird's request metrics, uploads,
/// throttles) lands in one Prometheus registry, which `/metrics` serves in the text exposition format.
package enum Telemetry {
    /// Made and installed on first use. swift-metrics takes one backend per process, so every application built
    /// in the process (tests build many) shares it; counts are therefore per process, as Prometheus expects.
    package static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Pages answer in a millisecond or two; uploads take seconds.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5), .seconds(30),
        ]
        factory.valueHistogramBuckets[Telemetry.uploadBytes] = [
            10_000, 50_000, 100_000, 300_000, 1_000_000, 4_000_000, 10_000_000, 20_000_000, 100_000_000,
        ]
        // Prometheus names allow letters, digits, `_` and `:`; Hummingbird's labels use dots.
        factory.nameAndLabelSanitizer = { name, labels in
            (prometheusName(name), labels.map { (prometheusName($0.0), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Installs the backend (idempotent): call before the first request is counted.
    package static func start() {
        _ = registry
    }

    /// Bytes of each photo upload received (form and API), before any processing.
    package static let uploadBytes = "openmarket_upload_bytes"
    /// Guesses refused by the throttle, by what was guessed (`subject`).
    package static let throttled = "openmarket_throttled_guesses"
    /// Wrong guesses counted by the throttle, by what was guessed.
    package static let wrongGuesses = "openmarket_wrong_guesses"

    package static func prometheusName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ":": scalar
            default: "_"
            }
        }))
    }

    package static func recordUpload(bytes: Int, path: String) {
        Recorder(label: uploadBytes, dimensions: [("path", path)], aggregate: true).record(bytes)
    }
}
