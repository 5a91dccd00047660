import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

extension AppConfiguration {
    /// The credentials a front end in remote mode writes with, `nil` for none (the storefront then says writes are
    /// off). A v2 server needs `--identifier` and `--secret`. A v1 server has no vendors: `--secret` alone is the
    /// password of every item listed through this front end, so it must also pass v1's rule for item passwords.
    func remoteVendorCredentials() throws(StartupError) -> VendorCredentials? {
        guard upstreamGeneration.hasProductPasswords else {
            return identifier.flatMap { identifier in secret.map { VendorCredentials(identifier: identifier, secret: $0) } }
        }
        guard let secret else { return nil }
        if let problem = SecretHasher.problem(with: secret) {
            throw .invalidOption("--secret (OPENMARKET_SECRET): \(problem)")
        }
        guard secret.count >= WebLimits.productPasswordLength.lowerBound else {
            throw .invalidOption(
                "--secret (OPENMARKET_SECRET): a v1 server takes it as the password of the items listed here; "
                    + "it needs at least \(WebLimits.productPasswordLength.lowerBound) characters.")
        }
        return VendorCredentials(identifier: identifier ?? "", secret: secret)
    }
}
