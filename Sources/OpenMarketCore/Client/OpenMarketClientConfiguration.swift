import Foundation

/// Where the remote market is and how long we wait for it.
public struct OpenMarketClientConfiguration: Sendable {
    public var baseURL: URL
    public var connectTimeout: Duration
    /// The whole-request deadline: connect, send, wait and read the body.
    public var requestTimeout: Duration
    /// Bodies larger than this are refused rather than buffered.
    public var maxResponseBytes: Int
    /// The server's generation, which decides a few request shapes.
    public var generation: MarketGeneration

    public init(
        baseURL: URL, connectTimeout: Duration = .seconds(3), requestTimeout: Duration = .seconds(10),
        maxResponseBytes: Int = 4 * 1024 * 1024, generation: MarketGeneration = .v2b
    ) {
        self.generation = generation
        self.baseURL = baseURL
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}
