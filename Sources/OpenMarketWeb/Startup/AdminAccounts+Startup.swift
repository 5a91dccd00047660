import Foundation
import Logging
import OpenMarketEmbedded
import OpenMarketWebState

/// The admin password at start-up: checked before anything is built, then set or made once.
extension AdminAccounts {
    /// Refuses a configured password bcrypt cannot take, before anything is built.
    static func check(configuredPassword: String?) throws {
        if let configuredPassword, let problem = SecretHasher.problem(with: configuredPassword) {
            throw StartupError.invalidOption("--admin-password: \(problem)")
        }
    }

    /// Sets the configured password, or creates one on the first start and logs it once.
    func prepare(configuredPassword: String?, notes: StartupNotes, logger: Logger) async throws {
        if let configuredPassword {
            try await storage.saveAdminPasswordHash(try await hasher.hash(configuredPassword), at: Date())
            return
        }
        guard try await storage.adminPasswordHash() == nil else { return }
        let password = VendorSetup.randomSecret()
        // Instances starting together on one database: the first to write makes the password, the others keep it.
        guard try await storage.createAdminPasswordHash(try await hasher.hash(password), at: Date()) else { return }
        logger.info("Created the admin password")
        notes.add("admin password (sign in at /admin/login; --admin-password sets another):")
        notes.add("  \(password)")
    }
}
