/// Lets a few uploads at a time map and process their photos; the others wait with their bodies on disk,
/// holding neither memory nor an image worker. Waiting is first come, first served.
actor UploadGate {
    private let permits: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(permits: Int) {
        self.permits = max(1, permits)
    }

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if inUse < permits {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            // The permit passes straight to the next in line.
            waiting.removeFirst().resume()
        }
    }
}
