import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenMarketPostgres
import Testing
@testable import OpenMarketWeb

/// Two whole applications built with one PostgreSQL web store act as two instances of one front end: a console
/// session and the count of wrong sign-ins are theirs together, and `/ready` checks that store.
@Suite("Instances sharing a PostgreSQL web store", .enabled(if: WebStoreKind.postgresURL != nil, "needs OPENMARKET_TEST_DATABASE"), .timeLimit(.minutes(10)))
struct SharedWebStoreAppTests {
    @Test func aSessionSignedInOnOneInstanceOpensTheConsoleOnTheOther() async throws {
        try await PostgresWebTestDatabase.with { location in
            let one = try await buildApplication(AdminClient.configuration(), webStoreDatabase: location)
            let two = try await buildApplication(AdminClient.configuration(), webStoreDatabase: location)
            try await one.stoppableTest(.router) { first in
                try await two.stoppableTest(.router) { second in
                    let admin = try await AdminClient.signedIn(first)
                    var elsewhere = AdminClient(second)
                    elsewhere.browser.cookies = admin.browser.cookies
                    let table = try await elsewhere.get("/admin/products")
                    #expect(table.status == .ok, "the other instance knows the session")

                    let signedOut = try await elsewhere.post("/admin/logout", fields: [])
                    #expect(signedOut.status == .seeOther)
                    var before = admin
                    let again = try await before.get("/admin/products")
                    #expect(again.status == .seeOther, "signed out on one instance, signed out on all")

                    try await second.execute(uri: "/ready", method: .get) { response in
                        #expect(response.status == .ok)
                        #expect(String(buffer: response.body) == #"{"status":"ready","checks":{"market":"ok","webStore":"ok"}}"#)
                    }
                }
            }
        }
    }

    @Test func wrongSignInsSpreadOverInstancesAreThrottledAsOnOne() async throws {
        try await PostgresWebTestDatabase.with { location in
            let one = try await buildApplication(AdminClient.configuration(), webStoreDatabase: location)
            let two = try await buildApplication(AdminClient.configuration(), webStoreDatabase: location)
            try await one.stoppableTest(.router) { first in
                try await two.stoppableTest(.router) { second in
                    var (a, b) = (AdminClient(first), AdminClient(second))
                    #expect(try await a.signIn(password: "guess-number-1").status == .unauthorized)
                    #expect(try await b.signIn(password: "guess-number-2").status == .unauthorized)
                    #expect(try await a.signIn(password: "guess-number-3").status == .unauthorized)
                    let blocked = try await b.signIn()
                    #expect(blocked.status == .tooManyRequests, "even the right password waits, on the other instance")
                    #expect(b.session == nil)
                }
            }
        }
    }
}
