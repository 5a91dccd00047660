import OpenMarketCore
@testable import OpenMarketEmbedded
@testable import OpenMarketStore
import Testing

@Suite("Secret hashing", .timeLimit(.minutes(10)))
struct SecretHasherTests {
    let hasher = TestMarket.hasher

    @Test func rightSecretVerifiesAndItsPrefixDoesNot() async throws {
        let hash = try await hasher.hash("correct horse battery staple")
        #expect(await hasher.verify("correct horse battery staple", against: hash))
        #expect(!(await hasher.verify("correct horse battery", against: hash)))
        #expect(!(await hasher.verify("correct horse battery staple!", against: hash)))
        #expect(!(await hasher.verify("", against: hash)))
    }

    @Test func hashIsBcryptAndSaltedAndNeverContainsTheSecret() async throws {
        let first = try await hasher.hash("owner-secret")
        let second = try await hasher.hash("owner-secret")
        #expect(first.hasPrefix("$2"))
        #expect(!first.contains("owner-secret"))
        #expect(first != second)
    }

    @Test func unknownVendorNeverVerifies() async {
        // nil stands for an unknown identifier: even the decoy's own secret must not pass.
        #expect(!(await hasher.verify("decoy secret for unknown identifiers", against: nil)))
        #expect(!(await hasher.verify("anything", against: nil)))
    }

    /// The decoy is checked like a real hash, so it must read as one of the same cost: same algorithm and cost
    /// prefix and length as what `hash` writes, and a salt bcrypt accepts (a check against it fails, not errs).
    @Test func theDecoyIsAWellFormedHashAtTheHashersCost() async throws {
        for cost: UInt8 in [4, 10] {
            let hasher = SecretHasher(cost: cost, threads: 1)
            let real = try await hasher.hash("some secret")
            let decoy = SecretHasher.decoy(cost: cost)
            #expect(decoy.prefix(7) == real.prefix(7) && decoy.count == real.count, "\(decoy) against \(real)")
            #expect(!(await hasher.verify("some secret", against: decoy)))
            try await hasher.shutdown()
        }
    }

    @Test func secretWithNULCannotBeHashedAndNeverVerifies() async throws {
        let error = await #expect(throws: OpenMarketError.self) { try await hasher.hash("abc\0xyz") }
        #expect(error?.fields == [.secret])
        // bcrypt reads C strings, so "abc\0xyz" would match the hash of "abc" if it got through.
        let hashOfPrefix = try await hasher.hash("abc")
        #expect(!(await hasher.verify("abc\0xyz", against: hashOfPrefix)))
    }

    @Test func secretOverSeventyTwoBytesCannotBeHashedAndNeverVerifies() async throws {
        let exactly72 = String(repeating: "s", count: 72)
        let hash = try await hasher.hash(exactly72)
        #expect(await hasher.verify(exactly72, against: hash))
        // bcrypt ignores bytes past the 72nd, so a longer secret would match if it got through.
        let longer = exactly72 + "extra"
        #expect(!(await hasher.verify(longer, against: hash)))
        let error = await #expect(throws: OpenMarketError.self) { try await hasher.hash(longer) }
        #expect(error?.fields == [.secret])
    }

    @Test func secretLimitCountsBytesNotCharacters() async throws {
        // 25 Korean syllables are 25 characters but 75 bytes in UTF-8.
        let korean = String(repeating: "비", count: 25)
        #expect(SecretHasher.problem(with: korean) != nil)
        #expect(SecretHasher.problem(with: String(repeating: "비", count: 24)) == nil)
        #expect(SecretHasher.problem(with: "") != nil)
    }
}
