import OpenMarketCore
@testable import OpenMarketPostgres
import Testing

@Suite("PostgreSQL URLs", .timeLimit(.minutes(10)))
struct PostgresLocationTests {
    @Test func urlGivesEveryPart() throws {
        let location = try PostgresLocation(url: "postgres://market%40shop:p%3Ass%2Fw@db.example:6543/open_market?sslmode=require")
        #expect(location.username == "market@shop")
        #expect(location.password == "p:ss/w")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.database == "open_market")
        #expect(location.sslMode == .require)
        // Logs show the URL without its password.
        #expect(location.description == "postgres://market@shop@db.example:6543/open_market")
    }

    @Test func defaultsAreThePortAndNoTLS() throws {
        let location = try PostgresLocation(url: "postgresql://market@127.0.0.1/market")
        #expect(location.port == 5432)
        #expect(location.password == nil)
        #expect(location.sslMode == .disable)
    }

    @Test("Incomplete or foreign URLs are refused with a reason", arguments: [
        ("mysql://u@h/db", "The database URL must look like postgres://user:password@host:5432/database."),
        ("postgres://u@h", "The database URL names no database (…/database)."),
        ("postgres://h:5432/db", "The database URL names no user."),
        ("postgres://u@h/db?sslmode=sometimes", "sslmode must be disable, prefer or require."),
        ("postgres://u@h/db?timeout=3", "The database URL has an unknown option timeout."),
    ])
    func refusedURLs(url: String, reason: String) {
        #expect(throws: PostgresLocation.LocationError(reason)) { try PostgresLocation(url: url) }
    }

    @Test func aServerThatIsNotThereFailsTheHealthCheckInsteadOfHangingIt() async throws {
        // Nothing listens on port 1: the pool keeps retrying, the health check answers with a failure.
        let market = PostgresMarket(
            location: PostgresLocation(host: "127.0.0.1", port: 1, username: "market", database: "market"), hasher: TestMarket.hasher,
            configuration: .init(maximumConnections: 1), logger: TestMarket.quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await market.run() }
            defer { group.cancelAll() }
            let failure = await #expect(throws: OpenMarketError.self) { try await market.healthCheck() }
            #expect(failure != nil)
        }
        let unreachable = await #expect(throws: PostgresMarket.UnreachableError.self) {
            try await PostgresMarket.probe(PostgresLocation(host: "127.0.0.1", port: 1, username: "market", password: "hunter22", database: "market"),
                logger: TestMarket.quietLogger)
        }
        #expect(unreachable?.description.hasPrefix("The market database postgres://market@127.0.0.1:1/market cannot be used: ") == true)
        #expect(unreachable?.description.contains("hunter22") == false)
    }
}
