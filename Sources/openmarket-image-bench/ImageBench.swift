import ArgumentParser
import CVips
import CVipsShim
import Foundation
import OpenMarketImaging

/// Times `ImageProcessor.process` on one 12-megapixel JPEG with one worker, and prints the figures.
///
/// The photo is synthetic (gradients, edges and sensor-like noise, about the size a phone writes) unless
/// `--file` names one. Run through `scripts/bench-images`, which builds in release and pins one core.
@main
struct ImageBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-image-bench",
        abstract: "Per-image processing time for a 12-megapixel JPEG (decode, orient, strip, all variants)."
    )

    @Option(help: "Timed runs, after one warm-up run.")
    var runs = 9

    @Option(help: "A JPEG to process instead of the synthetic photo.")
    var file: String?

    @Option(help: "Write the synthetic 12-megapixel photo to this file and stop (for the upload benchmark).")
    var saveSynthetic: String?

    @Option(help: "The target per image, in milliseconds, which the median is compared with.")
    var ceilingMilliseconds = 250.0

    @Option(help: "Also process this many uploads of five photos at once (one worker per core) and print the peak memory.")
    var concurrentUploads = 0

    func run() async throws {
        // Creating the processor starts libvips, which the synthetic photo below needs.
        let processor = try ImageProcessor(workers: 1)
        let photo = try file.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } ?? SyntheticPhoto.jpeg()
        if let saveSynthetic {
            try photo.write(to: URL(fileURLWithPath: saveSynthetic))
            return
        }
        let header = try ImageInspector.header(of: photo)
        var last = try await processor.process(photo)
        var times: [Double] = []
        let cpuBefore = ProcessUsage.now()
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            last = try await processor.process(photo)
            times.append((ContinuousClock.now - start).milliseconds)
        }
        let cpuPerImage = (ProcessUsage.now().cpuMilliseconds - cpuBefore.cpuMilliseconds) / Double(times.count)
        times.sort()
        let median = times[times.count / 2]
        var report = [
            "input: \(header.format.rawValue) \(header.width)x\(header.height), \(photo.count / 1024) KB",
            "display: \(last.display.width)x\(last.display.height), \(last.display.data.count / 1024) KB",
            "thumbnails: " + last.thumbnails.map { "\($0.width)px \($0.format.rawValue) \($0.data.count / 1024) KB" }
                .joined(separator: ", "),
            String(format: "per image over %d runs: median %.1f ms, min %.1f ms, max %.1f ms; CPU time %.1f ms", times.count,
                   median, times[0], times[times.count - 1], cpuPerImage),
            String(format: "median / ceiling (%.0f ms): %.2f", ceilingMilliseconds, median / ceilingMilliseconds),
        ]
        if concurrentUploads > 0 {
            report.append(try await concurrentReport(photo))
        }
        // The figures are this tool's output, not log records.
        Figures.write(report.joined(separator: "\n"))
    }

    /// Wall time and peak memory for `concurrentUploads` uploads of five photos each, all submitted at once.
    private func concurrentReport(_ photo: Data) async throws -> String {
        let processor = try ImageProcessor()
        let images = concurrentUploads * 5
        let peakBefore = ProcessUsage.now().peakResidentBytes
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<images {
                group.addTask { _ = try await processor.process(photo) }
            }
            try await group.waitForAll()
        }
        let elapsed = (ContinuousClock.now - start).milliseconds
        return String(format: "%d uploads x 5 photos at once: %.0f ms in all; peak resident memory %d MB (%d MB before)",
                      concurrentUploads, elapsed, ProcessUsage.now().peakResidentBytes / 1_048_576, peakBefore / 1_048_576)
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
