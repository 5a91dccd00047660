import Foundation
import Testing

/// The rules that keep a whole run from hanging, checked on the test sources themselves: every suite has a time
/// limit, so a test that stops answering fails by name; and no test blocks a thread of Swift's cooperative pool
/// (one per core, two on the CI machine), where two blocked threads would freeze every test, time limits included.
@Suite("Test sources", .timeLimit(.minutes(10)))
struct TestHygieneTests {
    static let testsDirectory = TestSupport.packageRoot.appending(path: "Tests")

    /// Every Swift file under Tests/, with its path relative to Tests/.
    static func sources() throws -> [(path: String, text: String)] {
        let root = testsDirectory.standardizedFileURL.path + "/"
        guard let files = FileManager.default.enumerator(at: testsDirectory, includingPropertiesForKeys: nil) else { return [] }
        return try files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map { url in
            (String(url.standardizedFileURL.path.dropFirst(root.count)), try String(contentsOf: url, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    /// A top-level `@Suite` attribute, from `@Suite` to the declaration it is attached to.
    static func suiteAttributes(in text: String) -> [String] {
        var attributes: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@Suite") { current = "" }
            guard current != nil else { continue }
            current! += line + "\n"
            if line.contains("struct ") || line.contains("enum ") || line.contains("final class ") || line.contains("actor ") {
                attributes.append(current!)
                current = nil
            }
        }
        return attributes
    }

    @Test func everySuiteHasATimeLimit() throws {
        let sources = try Self.sources()
        #expect(sources.count > 50, "the test sources are found")
        var suites = 0
        for source in sources {
            for attribute in Self.suiteAttributes(in: source.text) {
                suites += 1
                #expect(attribute.contains(".timeLimit("), "\(source.path): \(attribute.prefix(120)) has no .timeLimit")
            }
        }
        #expect(suites > 100, "the suites are found")
    }

    /// Calls that hold their thread until something else happens, with no deadline of their own.
    static let blockingCalls = [
        "waitUntil" + "Exit(", "Thread." + "sleep", "usleep" + "(", "Dispatch" + "Semaphore", "Dispatch" + "Group",
        "readDataTo" + "EndOfFile", "readTo" + "End(", "DispatchQueue." + "global", "Process" + "()", ".sync" + " {",
    ]

    @Test func noTestBlocksAThreadOfTheCooperativePool() throws {
        for source in try Self.sources() {
            for (number, line) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for call in Self.blockingCalls where code.contains(call) {
                    Issue.record("\(source.path):\(number + 1) blocks a thread: \(call)")
                }
                // A bare sleep(), as opposed to Task.sleep.
                if code.range(of: #"(^|[^.\w])sleep\("#, options: .regularExpression) != nil {
                    Issue.record("\(source.path):\(number + 1) blocks a thread: a bare sleep")
                }
            }
        }
    }
}
