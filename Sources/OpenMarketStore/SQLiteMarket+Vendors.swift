import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded

extension SQLiteMarket {
    public typealias VendorAccount = OpenMarketEmbedded.VendorAccount

    /// Creates the vendor, or sets its name and secret if the identifier exists already.
    @discardableResult
    public func upsertVendor(name: String, identifier: String, secret: String) async throws(OpenMarketError) -> VendorAccount {
        guard !identifier.isEmpty, identifier.count <= 64, identifier.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == "-") }) else {
            throw .invalid([.init(field: nil, message: "A vendor identifier is a UUID (hex digits and dashes).")])
        }
        let hash = try await hasher.hash(secret)
        return try await write { db in
            let namesake = try VendorRecord.filter(VendorRecord.Columns.name == name).fetchOne(db)
            if let namesake, namesake.identifier != identifier {
                throw OpenMarketError.invalid([.init(field: nil, message: "Another vendor is already called \(name).")])
            }
            var vendor = try VendorRecord.filter(VendorRecord.Columns.identifier == identifier).fetchOne(db)
                ?? VendorRecord(id: nil, name: name, identifier: identifier, secretHash: hash, createdAt: Date())
            vendor.name = name
            vendor.secretHash = hash
            try vendor.save(db)
            return VendorAccount(id: Int(vendor.id ?? 0), name: vendor.name, identifier: vendor.identifier)
        }
    }

    /// Creates a vendor with a fresh time-based identifier and the given secret.
    public func createVendor(name: String, secret: String) async throws(OpenMarketError) -> VendorAccount {
        try await upsertVendor(name: name, identifier: TimeBasedUUID.make(), secret: secret)
    }

    public func vendor(identifier: String) async throws(OpenMarketError) -> VendorAccount? {
        try await read { db in
            try VendorRecord.filter(VendorRecord.Columns.identifier == identifier).fetchOne(db).map {
                VendorAccount(id: Int($0.id ?? 0), name: $0.name, identifier: $0.identifier)
            }
        }
    }

    /// The vendor these credentials prove, or `unauthorized` with one message for an unknown identifier and a
    /// wrong secret alike (both take a bcrypt check), so neither can be probed.
    func authenticate(_ credentials: VendorCredentials) async throws(OpenMarketError) -> Int64 {
        let identifier = credentials.identifier
        let vendor = try await read { db in
            try VendorRecord.filter(VendorRecord.Columns.identifier == identifier).fetchOne(db)
        }
        guard await hasher.verify(credentials.secret, against: vendor?.secretHash), let id = vendor?.id else {
            throw .unauthorized("The identifier and secret do not match a vendor.")
        }
        return id
    }
}
