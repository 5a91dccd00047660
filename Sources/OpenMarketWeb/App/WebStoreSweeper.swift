import Logging
import ServiceLifecycle

/// Removes what the front end keeps only for a while — photo drafts, the photos of deleted products — every
/// `interval`, until the application shuts down. Start-up sweeps once before the first request as well.
struct WebStoreSweeper: Service {
    static let interval: Duration = .seconds(600)

    let logger: Logger
    let sweep: @Sendable () async throws -> Void

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            // The wait ends early on shutdown: the sleep is cancelled, and so is the loop.
            let waited: Void? = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
            guard waited != nil, !Task.isCancelled else { return }
            do {
                try await sweep()
            } catch {
                logger.warning("Sweeping kept photos failed; trying again later", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }
}
