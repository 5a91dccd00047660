import Foundation
import Mustache
import OpenMarketTemplating

/// Renders the list page with both engines and reports time per render against the ceiling.
struct RenderBenchmark {
    /// Half of a trivial endpoint's ~10,000 req/s on 2 cores leaves 200 µs of CPU per request; rendering
    /// must take well under half of that.
    static let ceilingMicroseconds = 100.0

    let templatesDirectory: URL
    let iterations: Int
    let referenceIterations: Int

    /// Returns false when the engines disagree or the new engine is over the ceiling.
    func run() throws -> Bool {
        _ = ReferenceEscaper.register
        let ours = try TemplateLibrary(directory: templatesDirectory)
        let reference = try referenceLibrary()
        let page = BenchListPage.sample()
        let template = "products/index"

        let html = try ours.render(page, template: template)
        guard reference.render(page, withTemplate: template) == html else {
            print("FAIL: the engines render products/index differently")
            return false
        }
        print("products/index, \(page.cards.count) cards, \(html.utf8.count) bytes")

        // --reference-iterations 0 leaves swift-mustache out, for profiling this engine alone.
        let referenceTime = referenceIterations == 0 ? .nan : measure(iterations: referenceIterations) {
            reference.render(page, withTemplate: template)?.utf8.count ?? 0
        }
        let ourTime = measure(iterations: iterations) {
            (try? ours.render(page, template: template))?.utf8.count ?? 0
        }
        let bytesTime = measure(iterations: iterations) {
            (try? ours.renderUTF8(page, template: template))?.count ?? 0
        }
        print(String(format: "swift-mustache 2.1.1        %9.2f µs CPU/render  (%d renders)", referenceTime, referenceIterations))
        print(String(format: "OpenMarketTemplating String %9.2f µs CPU/render  (%d renders)", ourTime, iterations))
        print(String(format: "OpenMarketTemplating bytes  %9.2f µs CPU/render  (%d renders)", bytesTime, iterations))
        print(String(format: "speed-up: %.0f×", referenceTime / ourTime))
        let withinCeiling = ourTime <= Self.ceilingMicroseconds
        print(String(format: "ceiling %.0f µs CPU/render: %.2f of it used — %@", Self.ceilingMicroseconds, ourTime / Self.ceilingMicroseconds,
                     withinCeiling ? "OK" : "OVER"))
        return withinCeiling
    }

    /// swift-mustache's library over the same files, loaded without its async initialiser so the benchmark
    /// stays on one thread (valgrind's callgrind counts instructions of single-threaded runs reliably).
    private func referenceLibrary() throws -> MustacheLibrary {
        var templates: [String: MustacheTemplate] = [:]
        let root = templatesDirectory.path
        for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] where path.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            templates[String(path.dropLast(".mustache".count))] = try MustacheTemplate(string: text)
        }
        return MustacheLibrary(templates: templates)
    }

    /// Mean microseconds of CPU time per call after a short warm-up. CPU time of this thread, not wall time: the
    /// target is CPU per request, and other builds share the machine. Byte counts are summed so no render is
    /// optimised away.
    private func measure(iterations: Int, _ render: () -> Int) -> Double {
        var bytes = 0
        for _ in 0..<min(100, iterations) {
            bytes &+= render()
        }
        let start = Self.threadCPUTime()
        for _ in 0..<iterations {
            bytes &+= render()
        }
        let elapsed = Self.threadCPUTime() - start
        precondition(bytes > 0, "renders produced nothing")
        return elapsed * 1e6 / Double(iterations)
    }

    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
