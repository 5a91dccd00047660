import HummingbirdBcrypt
import NIOPosix
import OpenMarketCore

/// bcrypt off the event loop, on a small pool of its own threads, so a burst of sign-ins or writes
/// cannot starve request handling; the pool size bounds how many hashes run at once.
public final class SecretHasher: Sendable {
    private let threadPool: NIOThreadPool
    private let cost: UInt8
    /// Checked when the identifier is unknown, so that case takes as long as a wrong secret: a well-formed bcrypt
    /// hash at the same cost, whose salt the check hashes the secret with exactly as for a real one. No secret hashes
    /// to it, and it is never accepted anyway (`verify` answers false without a hash); writing it out costs start-up
    /// no bcrypt.
    private let decoyHash: String

    public init(cost: UInt8 = 10, threads: Int = 2) {
        self.cost = cost
        self.threadPool = NIOThreadPool(numberOfThreads: threads)
        self.threadPool.start()
        self.decoyHash = Self.decoy(cost: cost)
    }

    static func decoy(cost: UInt8) -> String {
        "$2b$" + (cost < 10 ? "0\(cost)" : "\(cost)") + "$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"
    }

    public func shutdown() async throws {
        try await threadPool.shutdownGracefully()
    }

    /// HummingbirdBcrypt reads secrets as C strings: bytes after a NUL and after the 72nd would be ignored,
    /// so such secrets are refused rather than silently shortened.
    public static func problem(with secret: String) -> String? {
        if secret.isEmpty { return "The secret must not be empty." }
        if secret.utf8.contains(0) { return "The secret must not contain a NUL character." }
        if secret.utf8.count > MarketLimits.maxSecretBytes { return "The secret must be at most \(MarketLimits.maxSecretBytes) bytes." }
        return nil
    }

    public func hash(_ secret: String) async throws(OpenMarketError) -> String {
        if let problem = Self.problem(with: secret) { throw .invalid([.init(field: .secret, message: problem)]) }
        let cost = self.cost
        do {
            return try await threadPool.runIfActive { Bcrypt.hash(secret, cost: cost) }
        } catch {
            throw .storeFailure("The secret could not be hashed: \(error)")
        }
    }

    /// Constant-time comparison (the C library uses `timingsafe_bcmp`); `nil` hash means "unknown vendor".
    public func verify(_ secret: String, against hash: String?) async -> Bool {
        guard Self.problem(with: secret) == nil else { return false }
        let target = hash ?? decoyHash
        let matches = (try? await threadPool.runIfActive { Bcrypt.verify(secret, hash: target) }) ?? false
        return matches && hash != nil
    }
}
