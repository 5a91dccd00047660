import ServiceLifecycle

/// Runs a clean-up when the application shuts down gracefully (connection pools, worker threads).
struct ShutdownService: Service {
    let name: String
    let action: @Sendable () async throws -> Void

    func run() async throws {
        try? await gracefulShutdown()
        try await action()
    }
}
