import Foundation

// Usage: openmarket-render-bench [--iterations N] [--reference-iterations N] [--templates DIR]
// Build with -c release: debug timings say nothing.
let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let iterations = option("--iterations").flatMap(Int.init) ?? 10_000
let benchmark = RenderBenchmark(
    templatesDirectory: option("--templates").map { URL(fileURLWithPath: $0) } ?? packageRoot.appendingPathComponent("Templates"),
    iterations: iterations,
    referenceIterations: option("--reference-iterations").flatMap(Int.init) ?? iterations)
exit(try benchmark.run() ? 0 : 1)
