import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import PostgresNIO

extension PostgresMarket {
    public typealias VendorAccount = OpenMarketEmbedded.VendorAccount

    /// Creates the vendor, or sets its name and secret if the identifier exists already.
    @discardableResult
    public func upsertVendor(name: String, identifier: String, secret: String) async throws(OpenMarketError) -> VendorAccount {
        guard !identifier.isEmpty, identifier.count <= 64, identifier.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "-") }) else {
            throw .invalid([.init(field: nil, message: "A vendor identifier is a UUID (hex digits and dashes).")])
        }
        let hash = try await hasher.hash(secret)
        let logger = self.logger
        return try await transaction { connection in
            // Instances may register the same vendor at once: the lock on its identifier orders them.
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(identifier)))", logger: logger)
            let namesake = try await connection.query("SELECT identifier FROM vendor WHERE name = \(name)", logger: logger)
            for try await other in namesake.decode(String.self) where other != identifier {
                throw OpenMarketError.invalid([.init(field: nil, message: "Another vendor is already called \(name).")])
            }
            let rows = try await connection.query(
                """
                INSERT INTO vendor (name, identifier, secret_hash, created_at) VALUES (\(name), \(identifier), \(hash), now())
                ON CONFLICT (identifier) DO UPDATE SET name = excluded.name, secret_hash = excluded.secret_hash
                RETURNING id
                """, logger: logger)
            for try await id in rows.decode(Int64.self) {
                return VendorAccount(id: Int(id), name: name, identifier: identifier)
            }
            throw OpenMarketError.storeFailure("The vendor row got no id.")
        }
    }

    /// Creates a vendor with a fresh time-based identifier and the given secret.
    public func createVendor(name: String, secret: String) async throws(OpenMarketError) -> VendorAccount {
        try await upsertVendor(name: name, identifier: TimeBasedUUID.make(), secret: secret)
    }

    public func vendor(identifier: String) async throws(OpenMarketError) -> VendorAccount? {
        let logger = self.logger
        return try await withConnection { connection in
            let rows = try await connection.query("SELECT id, name FROM vendor WHERE identifier = \(identifier)", logger: logger)
            for try await (id, name) in rows.decode((Int64, String).self) {
                return VendorAccount(id: Int(id), name: name, identifier: identifier)
            }
            return nil
        }
    }

    /// The vendor these credentials prove, or `unauthorized` with one message for an unknown identifier and a
    /// wrong secret alike (both take a bcrypt check), so neither can be probed.
    func authenticate(_ credentials: VendorCredentials) async throws(OpenMarketError) -> Int64 {
        let identifier = credentials.identifier
        let logger = self.logger
        let vendor = try await withConnection { connection -> (id: Int64, hash: String)? in
            let rows = try await connection.query("SELECT id, secret_hash FROM vendor WHERE identifier = \(identifier)", logger: logger)
            for try await (id, hash) in rows.decode((Int64, String).self) { return (id, hash) }
            return nil
        }
        guard await hasher.verify(credentials.secret, against: vendor?.hash), let id = vendor?.id else {
            throw .unauthorized("The identifier and secret do not match a vendor.")
        }
        return id
    }
}
