import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("Vendor authentication", .timeLimit(.minutes(10)))
struct VendorAuthTests {
    @Test func wrongSecretAndUnknownIdentifierGetTheSameUnauthorized() async throws {
        let test = try await TestMarket()
        let wrongSecret = VendorCredentials(identifier: test.owner.identifier, secret: "wrong")
        let unknownVendor = VendorCredentials(identifier: SQLiteMarket.newVendorIdentifier(), secret: TestMarket.ownerSecret)

        let first = await #expect(throws: OpenMarketError.self) { try await test.create(credentials: wrongSecret) }
        let second = await #expect(throws: OpenMarketError.self) { try await test.create(credentials: unknownVendor) }

        #expect(first?.kind == .unauthorized)
        #expect(second?.kind == .unauthorized)
        #expect(first == second)
        #expect(try await test.rowCount("product") == 0)
    }

    @Test func anotherVendorsSecretDoesNotWork() async throws {
        let test = try await TestMarket()
        let mixed = VendorCredentials(identifier: test.owner.identifier, secret: TestMarket.neighborSecret)
        let error = await #expect(throws: OpenMarketError.self) { try await test.create(credentials: mixed) }
        #expect(error?.kind == .unauthorized)
    }

    @Test("Secrets bcrypt would shorten cannot be set", arguments: ["abc\0xyz", String(repeating: "a", count: 73), ""])
    func unsafeSecretCannotBeSet(secret: String) async throws {
        let test = try await TestMarket()
        let before = try await test.snapshot()

        let created = await #expect(throws: OpenMarketError.self) {
            try await test.market.upsertVendor(name: "Shortened", identifier: SQLiteMarket.newVendorIdentifier(), secret: secret)
        }
        let replaced = await #expect(throws: OpenMarketError.self) {
            try await test.market.upsertVendor(name: "Owner Shop", identifier: test.owner.identifier, secret: secret)
        }

        #expect(created?.fields == [.secret])
        #expect(replaced?.fields == [.secret])
        #expect(try await test.snapshot() == before)
        // The owner's old secret still works: the refused upsert changed nothing.
        try await test.create()
    }

    @Test func credentialsWithAnOverlongSecretNeverAuthenticate() async throws {
        let test = try await TestMarket()
        let padded = VendorCredentials(identifier: test.owner.identifier, secret: TestMarket.ownerSecret + "\0tail")
        let error = await #expect(throws: OpenMarketError.self) { try await test.create(credentials: padded) }
        #expect(error?.kind == .unauthorized)
    }

    @Test func storedHashIsBcryptAndHidesTheSecret() async throws {
        let test = try await TestMarket()
        let hashes = try await test.market.database.read { db in
            try String.fetchAll(db, sql: "SELECT secretHash FROM vendor ORDER BY id")
        }
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("$2") })
        #expect(!hashes[0].contains(TestMarket.ownerSecret))
        #expect(!hashes[1].contains(TestMarket.neighborSecret))
    }

    @Test func upsertReplacesTheSecretOfAnExistingVendor() async throws {
        let test = try await TestMarket()

        let updated = try await test.market.upsertVendor(name: "Renamed Shop", identifier: test.owner.identifier, secret: "new-secret")

        #expect(updated.id == test.owner.id)
        #expect(try await test.rowCount("vendor") == 2)
        let old = await #expect(throws: OpenMarketError.self) { try await test.create() }
        #expect(old?.kind == .unauthorized)
        let created = try await test.create(credentials: VendorCredentials(identifier: test.owner.identifier, secret: "new-secret"))
        #expect(created.vendor.name == "Renamed Shop")
    }

    @Test("Identifiers must look like UUIDs", arguments: ["", "not a uuid", "'; DROP TABLE vendor; --", String(repeating: "a", count: 65)])
    func malformedIdentifierIsRefused(identifier: String) async throws {
        let test = try await TestMarket()
        let error = await #expect(throws: OpenMarketError.self) {
            try await test.market.upsertVendor(name: "Odd", identifier: identifier, secret: "secret")
        }
        #expect(error?.kind == .invalid)
        #expect(try await test.rowCount("vendor") == 2)
    }

    @Test func newVendorIdentifiersAreVersionOneUUIDs() {
        let identifier = SQLiteMarket.newVendorIdentifier()
        let uuid = UUID(uuidString: identifier)
        #expect(uuid != nil)
        #expect(identifier == identifier.lowercased())
        let version = identifier[identifier.index(identifier.startIndex, offsetBy: 14)]
        #expect(version == "1")
        #expect(identifier != SQLiteMarket.newVendorIdentifier())
    }

    @Test func secondVendorWithATakenNameIsRefused() async throws {
        let test = try await TestMarket()
        let before = try await test.snapshot()
        let error = await #expect(throws: OpenMarketError.self) { try await test.market.createVendor(name: "Owner Shop", secret: "another-secret") }
        guard case .invalid? = error else { Issue.record("a taken name is a rule violation, not a storage failure: \(String(describing: error))"); return }
        #expect(try await test.snapshot() == before)
        // The first vendor keeps its secret.
        try await test.create()
    }

    @Test func vendorLookupByIdentifier() async throws {
        let test = try await TestMarket()
        #expect(try await test.market.vendor(identifier: test.neighbor.identifier) == test.neighbor)
        #expect(try await test.market.vendor(identifier: SQLiteMarket.newVendorIdentifier()) == nil)
    }
}
