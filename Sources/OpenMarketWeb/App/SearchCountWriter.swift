import Logging
import OpenMarketWebState
import ServiceLifecycle

/// Writes the searches counted in memory (`PopularSearches`) every `interval`, and once more when the application
/// shuts down gracefully; a process killed outright loses at most that last interval's counts.
struct SearchCountWriter: Service {
    static let interval: Duration = .seconds(1)

    let searches: PopularSearches
    let logger: Logger

    func run() async throws {
        while true {
            // The wait ends early on shutdown; what was counted is written before returning.
            let waited: Void? = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
            do {
                try await searches.flush()
            } catch {
                logger.warning("Search counts not written; kept for the next try", metadata: ["error": "\(String(reflecting: error))"])
            }
            if waited == nil || Task.isCancelled || Task.isShuttingDownGracefully { return }
        }
    }
}
