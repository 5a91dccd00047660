import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// The vendors the embedded market starts with: the one this front end acts as, and a sample neighbour.
struct VendorSetup {
    /// A generated demo vendor's credentials, kept so the front end can act as it after a restart.
    struct StoredCredentials: Codable {
        var name: String
        var identifier: String
        var secret: String
    }

    let market: any VendorKeeping
    let directory: URL
    let logger: Logger
    /// Where a newly created secret goes to be shown once; `nil` for tools that create none to show.
    var notes: StartupNotes?

    private var credentialsFile: URL { directory.appending(path: "vendor-credentials.json") }

    /// Who the front end acts as: the configured vendor, or the demo vendor (created once, its credentials kept in a
    /// file). Reads no secret hash: the market learns the secret in `register`, with the rest of start-up's work.
    func frontEnd(identifier: String?, secret: String?) throws -> FrontEnd {
        switch (identifier, secret) {
        case let (identifier?, secret?):
            // The market keeps only a bcrypt hash, and bcrypt reads 72 bytes: a longer secret is refused at start-up.
            if let problem = SecretHasher.problem(with: secret) { throw StartupError.invalidOption("--secret (OPENMARKET_SECRET): \(problem)") }
            return FrontEnd(credentials: VendorCredentials(identifier: identifier, secret: secret), demoName: nil)
        case (nil, nil):
            return try demoVendor()
        default:
            throw StartupError.invalidOption("--identifier and --secret go together: give both, or neither for a demo vendor.")
        }
    }

    /// The front end's vendor and, for the demo vendor, the name it was created with.
    struct FrontEnd: Sendable {
        var credentials: VendorCredentials
        var demoName: String?
    }

    /// Makes the market know the front end's vendor with its secret (a bcrypt hash); returns its account.
    func register(_ frontEnd: FrontEnd) async throws -> VendorAccount {
        let identifier = frontEnd.credentials.identifier
        let name: String
        if let demoName = frontEnd.demoName {
            name = demoName
        } else {
            name = try await market.vendor(identifier: identifier)?.name ?? "vendor_\(identifier.prefix(8))"
        }
        let account = try await upsert(preferredName: name, identifier: identifier, secret: frontEnd.credentials.secret)
        if frontEnd.demoName == nil {
            logger.info("Acting as the configured vendor", metadata: ["identifier": "\(identifier)", "vendor": "\(account.name)"])
        } else {
            logger.info("Acting as the demo vendor", metadata: ["identifier": "\(identifier)", "credentials": "\(credentialsFile.path)"])
        }
        return account
    }

    /// Created once with a random secret; the secret is shown once, when it is created, and kept in a file
    /// only this user can read, so that the front end can keep acting as that vendor.
    private func demoVendor() throws -> FrontEnd {
        if let data = try? Data(contentsOf: credentialsFile), let stored = try? JSONDecoder().decode(StoredCredentials.self, from: data) {
            return FrontEnd(credentials: VendorCredentials(identifier: stored.identifier, secret: stored.secret), demoName: stored.name)
        }
        let stored = StoredCredentials(name: "demo_vendor", identifier: TimeBasedUUID.make(), secret: Self.randomSecret())
        // The file first: a vendor whose secret nobody kept would be of no use to anyone.
        let data = try JSONEncoder().encode(stored)
        guard FileManager.default.createFile(atPath: credentialsFile.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw StartupError.dataDirectory("cannot write \(credentialsFile.path)")
        }
        logger.info("Created the demo vendor", metadata: ["identifier": "\(stored.identifier)", "kept in": "\(credentialsFile.path)"])
        notes?.add("demo vendor (the API's identifier and secret; kept in \(credentialsFile.path)):")
        notes?.add("  identifier  \(stored.identifier)")
        notes?.add("  secret      \(stored.secret)")
        return FrontEnd(credentials: VendorCredentials(identifier: stored.identifier, secret: stored.secret), demoName: stored.name)
    }

    /// Vendor names are unique; a name already taken by another identifier (say, a demo vendor whose
    /// credentials file was deleted) gets the identifier's first digits appended.
    private func upsert(preferredName: String, identifier: String, secret: String) async throws -> VendorAccount {
        do {
            return try await market.upsertVendor(name: preferredName, identifier: identifier, secret: secret)
        } catch .invalid {
            return try await market.upsertVendor(name: "\(preferredName)_\(identifier.prefix(8))", identifier: identifier, secret: secret)
        }
    }

    /// Owns a few sample products nobody here can change, so that ownership rules are visible; its secret is thrown away.
    func neighborVendor() async throws -> VendorAccount {
        // Through `upsert`: a neighbour made before (a market emptied since, another instance) keeps its name.
        try await upsert(preferredName: "neighbor_vendor", identifier: TimeBasedUUID.make(), secret: Self.randomSecret())
    }

    /// 16 lowercase letters and digits, like the secrets OpenMarket hands its vendors.
    static func randomSecret() -> String {
        let alphabet = Array("abcdefghijkmnopqrstuvwxyz23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }
}
