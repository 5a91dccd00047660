import Foundation
import GRDB
import OpenMarketPostgres
import PostgresNIO
@testable import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Seller nicknames, like counts and search counts behave the same on SQLite and on PostgreSQL, and add up across
/// instances: every test writes through several handles at once, as instances behind one load balancer would.
@Suite("Storefront tallies contract", .timeLimit(.minutes(10)))
struct StorefrontTallyContractTests {
    @Test(arguments: WebStoreKind.available)
    func likesSentAtOnceThroughSeveralInstancesAreAllCountedAndNeverGoBelowZero(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let counts = stores.map { LikeCounts(storage: $0.storage) }
            // Given 60 visitors liking one product at once, spread over three instances
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<60 {
                    group.addTask { try await counts[index % 3].record(productID: 41, wasLiked: false, liked: true) }
                }
                var seen = Set<Int>()
                for try await count in group { seen.insert(count) }
                // Then each saw the count its own like made: one statement adds and answers.
                #expect(seen == Set(1...60))
            }
            #expect(try await counts[1].count(of: 41) == 60)
            // A like sent again (the cookie already has it) counts nothing.
            #expect(try await counts[2].record(productID: 41, wasLiked: true, liked: true) == 60)
            // Taking back more likes than there are (a tampered cookie) stops at zero.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<70 {
                    group.addTask { try await counts[index % 3].record(productID: 41, wasLiked: true, liked: false) }
                }
                try await group.waitForAll()
            }
            #expect(try await counts[0].count(of: 41) == 0)
            #expect(try await counts[0].record(productID: 42, wasLiked: true, liked: false) == 0)
            #expect(try await stores[0].storage.likeCounts(productIDs: [41, 42, 43]) == [41: 0, 42: 0])
        }
    }

    @Test(arguments: WebStoreKind.available)
    func aNicknameKeptThroughOneInstanceNamesItsProductsOnAnotherNewestFirst(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (one, two) = (SellerNames(storage: stores[0].storage), SellerNames(storage: stores[1].storage))
            for id in 1...45 { try await one.keep(id % 2 == 0 ? "초록소파" : "달빛러너", productID: id) }
            try await one.keep("Jamie", productID: 46)
            #expect(try await two.names(of: [2, 3, 46, 99]) == [2: "초록소파", 3: "달빛러너", 46: "Jamie"])
            #expect(try await two.names(of: []) == [:])
            let first = try await two.productIDs(listedAs: "달빛러너", before: nil)
            #expect(first.ids == Array(stride(from: 45, through: 1, by: -2)).prefix(SellerNames.pageSize).map { $0 })
            #expect(first.next == nil, "23 products fit one page")
            let sofas = try await two.productIDs(listedAs: "초록소파", before: 10)
            #expect(sofas.ids == [8, 6, 4, 2])
            // A name is changed in place, never duplicated.
            try await two.keep("Jamie", productID: 2)
            #expect(try await one.names(of: [2]) == [2: "Jamie"])
            #expect(try await one.productIDs(listedAs: "Jamie", before: nil).ids == [46, 2])
        }
    }

    /// A list's names are kept while no name changes where only this process writes (SQLite): a name kept through
    /// either handle or the storage itself, or a restore naming its product again, is read at once. On PostgreSQL,
    /// where other instances write, nothing is kept.
    @Test(arguments: WebStoreKind.available)
    func aListsNamesAreKeptOnlyUntilANameChanges(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (storage, other) = (stores[0].storage, stores[1].storage)
            let sellers = SellerNames(storage: storage)
            #expect(try await sellers.names(of: [1, 2]) == [:])
            try await storage.saveSellerName("초록소파", productID: 1)
            #expect(try await sellers.names(of: [1, 2]) == [1: "초록소파"])
            try await SellerNames(storage: other).keep("달빛러너", productID: 2)
            #expect(try await sellers.names(of: [1, 2]) == [1: "초록소파", 2: "달빛러너"])
            guard kind == .sqlite else {
                #expect(storage.storefrontVersion == nil && sellers.keptCount == 0)
                return
            }
            let version = storage.storefrontVersion
            #expect(try await sellers.names(of: [1, 2]) == [1: "초록소파", 2: "달빛러너"])
            #expect(sellers.keptCount == 1 && storage.storefrontVersion == version, "read again from what was kept")
            // A restore's entry commits the product's name again with it: the count moves once it has committed.
            let event = AuditEventRecord(
                id: nil, at: Date(), actor: "admin", action: "restore", productId: 3, productName: "x", changes: "[]", snapshot: nil,
                outcome: "success", detail: "", creationKey: nil, relatedProductId: nil)
            _ = try await other.insertEvent(event, alongside: .completeRestore(eventID: 999, restoredProductID: 3))
            #expect(storage.storefrontVersion != version)
        }
    }

    /// A product page's tallies are kept while nothing they show changes (SQLite): a like, a question asked,
    /// answered, hidden, removed or moved, and a name, each through the other handle, is shown at the next view.
    @Test(arguments: WebStoreKind.available)
    func aProductPagesTalliesAreKeptOnlyUntilOneChanges(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (storage, other) = (stores[0].storage, stores[1].storage)
            let cache = ProductPageTallyCache(storage: storage)
            func tallies() async throws -> ProductPageTallies { try await cache.tallies(productID: 7, questionLimit: 5) }
            #expect(try await tallies().likes == 0)
            _ = try await other.addLikes(1, productID: 7)
            #expect(try await tallies().likes == 1)
            let since = Date().addingTimeInterval(-3_600)
            let id = try #require(try await other.addQuestion(
                ProductQuestionContractTests.question(productID: 7, text: "새 질문"), passwordHash: "h", askerKey: "k", limit: 10, since: since))
            #expect(try await tallies().questions.map(\.id) == [id])
            #expect(try await other.answerQuestion(id: id, productID: 7, answer: "네", at: Date()))
            #expect(try await tallies().questions.first?.answer == "네")
            #expect(try await other.setQuestionHidden(id: id, hidden: true))
            #expect(try await tallies().questions.isEmpty)
            #expect(try await other.setQuestionHidden(id: id, hidden: false))
            try await other.moveQuestions(fromProduct: 7, toProduct: 8)
            #expect(try await tallies().questions.isEmpty)
            try await other.moveQuestions(fromProduct: 8, toProduct: 7)
            #expect(try await tallies().questions.count == 1)
            #expect(try await other.removeQuestion(id: id, passwordHash: "h"))
            #expect(try await tallies().questions.isEmpty)
            try await other.saveSellerName("초록소파", productID: 7)
            #expect(try await tallies().sellerName == "초록소파")
            let version = storage.storefrontVersion
            _ = try await tallies()
            #expect(cache.keptCount == (kind == .sqlite ? 1 : 0) && storage.storefrontVersion == version)
        }
    }

    /// The page of a product nobody named, liked or asked about reads nothing of the store (SQLite, one writer), until
    /// a commit names it: a like, a question, a name, questions moved to it or a restore, each through the other
    /// handle, is shown at the next view. On PostgreSQL every view reads.
    @Test(arguments: WebStoreKind.available)
    func aProductNobodyNamedReadsNothingUntilACommitNamesIt(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (storage, other) = (stores[0].storage, stores[1].storage)
            let cache = ProductPageTallyCache(storage: storage)
            let sellers = SellerNames(storage: storage)
            let fresh = Array(21...26)
            #expect(try await storage.showsNothingBeside(productIDs: fresh) == (kind == .sqlite))
            #expect(try await cache.tallies(productID: 21, questionLimit: 5).likes == 0)
            #expect(try await sellers.names(of: fresh) == [:])
            func shows(_ id: Int) async throws -> Bool { !(try await storage.showsNothingBeside(productIDs: [id])) }

            _ = try await other.addLikes(1, productID: 21)
            #expect(try await cache.tallies(productID: 21, questionLimit: 5).likes == 1)
            let since = Date().addingTimeInterval(-3_600)
            _ = try await other.addQuestion(
                ProductQuestionContractTests.question(productID: 22), passwordHash: "h", askerKey: "k", limit: 10, since: since)
            #expect(try await cache.tallies(productID: 22, questionLimit: 5).questions.count == 1)
            try await other.saveSellerName("초록소파", productID: 23)
            #expect(try await cache.tallies(productID: 23, questionLimit: 5).sellerName == "초록소파")
            #expect(try await sellers.names(of: fresh) == [23: "초록소파"])
            try await other.moveQuestions(fromProduct: 22, toProduct: 24)
            #expect(try await cache.tallies(productID: 24, questionLimit: 5).questions.count == 1)
            #expect(try await shows(24))
            let event = AuditEventRecord(
                id: nil, at: Date(), actor: "admin", action: "restore", productId: 25, productName: "x", changes: "[]", snapshot: nil,
                outcome: "success", detail: "", creationKey: nil, relatedProductId: nil)
            _ = try await other.insertEvent(event, alongside: .completeRestore(eventID: 999, restoredProductID: 25))
            #expect(try await shows(25))
            #expect(try await storage.showsNothingBeside(productIDs: [26, 27]) == (kind == .sqlite))
        }
    }

    /// What the file held before this process first looked is read once: a product named there is never taken for
    /// one nobody named.
    @Test func productsNamedBeforeTheProcessLookedAreRead() async throws {
        let directory = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try WebDatabase.open(path: directory.appending(path: "web.sqlite").path)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO sellerName (productId, name) VALUES (1, '초록소파')")
            try db.execute(sql: "INSERT INTO likeCount (productId, likes) VALUES (2, 0)")
            try db.execute(
                sql: """
                    INSERT INTO productQuestion (productId, nickname, text, passwordHash, isPrivate, askerKey, askedAt)
                    VALUES (3, '이웃', '질문', 'h', 0, 'k', ?)
                    """, arguments: [Date()])
        }
        let storage = SQLiteWebStorage(database: database)
        for id in 1...3 {
            #expect(!(try await storage.showsNothingBeside(productIDs: [id])), "\(id)")
        }
        #expect(try await storage.showsNothingBeside(productIDs: [4, 5]))
        #expect(try await SellerNames(storage: storage).names(of: [1, 4]) == [1: "초록소파"])
        try database.close()
    }

    /// Past its bound the set is given up for good: every page reads the file again, and nothing is answered from
    /// a set that stopped growing.
    @Test func theSetOfNamedProductsIsGivenUpPastItsBound() {
        let writes = StorefrontWrites()
        #expect(writes.namesNone(of: [1]) == nil && writes.needsReading)
        writes.complete(with: [5])
        #expect(writes.namesNone(of: [1]) == true && writes.namesNone(of: [1, 5]) == false && !writes.needsReading)
        writes.step(naming: Array(10..<(10 + StorefrontWrites.maximumNamed)))
        #expect(writes.namesNone(of: [1]) == nil && !writes.needsReading)
        writes.complete(with: [])
        #expect(writes.namesNone(of: [1]) == nil)
    }

    /// A product page reads its seller's name, like count and questions together; each as the separate reads give it.
    @Test(arguments: WebStoreKind.available)
    func aProductPagesTalliesAreReadTogetherAsEachAloneReadsThem(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (one, two) = (stores[0].storage, stores[1].storage)
            let since = Date().addingTimeInterval(-3_600)
            var ids: [Int64] = []
            for index in 0..<4 {
                let question = ProductQuestionContractTests.question(productID: 7, text: "질문 \(index)", isPrivate: index == 3)
                ids.append(try #require(try await one.addQuestion(question, passwordHash: "h", askerKey: "k\(index)", limit: 10, since: since)))
            }
            _ = try await one.addQuestion(ProductQuestionContractTests.question(productID: 8), passwordHash: "h", askerKey: "k9", limit: 10, since: since)
            #expect(try await one.setQuestionHidden(id: ids[1], hidden: true))
            try await one.saveSellerName("초록소파", productID: 7)
            _ = try await one.addLikes(1, productID: 7)
            _ = try await one.addLikes(1, productID: 7)

            let tallies = try await two.productPageTallies(productID: 7, questionLimit: 2)
            #expect(tallies.sellerName == "초록소파")
            #expect(tallies.likes == 2)
            // Newest first, the hidden one left out, at most the limit; the same as the questions' own read.
            #expect(tallies.questions.map(\.id) == [ids[3], ids[2]])
            #expect(tallies.questions == (try await two.questions(productID: 7, before: nil, limit: 2)))

            // A product nobody named, liked or asked about.
            let empty = try await two.productPageTallies(productID: 9, questionLimit: 20)
            #expect(empty.sellerName == nil && empty.likes == 0 && empty.questions.isEmpty)
        }
    }

    @Test(arguments: WebStoreKind.available)
    func popularSearchesAreTheWeeksMostSearchedWordsCountedAcrossInstances(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 2) { stores in
            let today = 20_000
            let searches = stores.map { PopularSearches(storage: $0.storage, cacheSeconds: 0) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<30 {
                    group.addTask { try await searches[index % 2].count("캠핑", day: today) }
                }
                for index in 0..<12 {
                    group.addTask { try await searches[index % 2].count("의자", day: today - 6) }
                }
                try await group.waitForAll()
            }
            try await searches[0].count("Camera", day: today - 1)
            try await searches[1].count("camera", day: today - 1)
            for _ in 0..<50 { try await searches[0].count("오래된말", day: today - 7) }
            // Counted in memory: nothing is written until a flush (every second in the application).
            #expect(searches[0].pendingCount == 15 + 6 + 1 + 50 && searches[1].pendingCount == 15 + 6 + 1)
            #expect(try await stores[0].storage.popularSearches(sinceDay: 0, minimum: 1, limit: 10) == [])
            // Reading the list writes this instance's own counts first; the other's arrive with its flush.
            #expect(try await searches[1].popular(today: today) == ["캠핑", "의자"])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await searches[0].count("캠핑", day: today)
                        if index % 5 == 0 { try await searches[0].flush() }
                    }
                }
                try await group.waitForAll()
            }
            try await searches[0].flush()
            #expect(searches[0].pendingCount == 0 && searches[1].pendingCount == 0)
            #expect(try await searches[1].popular(today: today) == ["캠핑", "의자", "camera"])
            // Days past the week are forgotten.
            try await stores[0].storage.sweepSearches(beforeDay: today - 6)
            #expect(try await stores[1].storage.popularSearches(sinceDay: 0, minimum: 1, limit: 10) == ["캠핑", "의자", "camera"])
            // Every search was written once: flushes running beside the counting lost none and wrote none twice.
            #expect(try await searchCount(of: "캠핑", day: today, in: stores[0]) == 50)
        }
    }

    @Test func searchCountsAFlushCouldNotWriteAreHeldForTheNext() async throws {
        try await ContractWebStore.with(.sqlite, handles: 1) { stores in
            let store = try #require(stores[0].storage as? SQLiteWebStorage)
            let searches = PopularSearches(storage: store, cacheSeconds: 0)
            for _ in 0..<3 { try await searches.count("텐트", day: 20_000) }
            try await store.database.write { db in try db.execute(sql: "ALTER TABLE searchCount RENAME TO searchCountAway") }
            await #expect(throws: (any Error).self) { try await searches.flush() }
            try await searches.count("텐트", day: 20_000)
            #expect(searches.pendingCount == 4)
            try await store.database.write { db in try db.execute(sql: "ALTER TABLE searchCountAway RENAME TO searchCount") }
            try await searches.flush()
            #expect(searches.pendingCount == 0)
            #expect(try await searchCount(of: "텐트", day: 20_000, in: stores[0]) == 4)
        }
    }

    /// One term's count on one day, read from the store's table.
    func searchCount(of term: String, day: Int, in store: WebStore) async throws -> Int {
        switch store.storage {
        case let sqlite as SQLiteWebStorage:
            return try await sqlite.database.read { db in
                try Int.fetchOne(db, sql: "SELECT searches FROM searchCount WHERE term = ? AND day = ?", arguments: [term, day]) ?? 0
            }
        case let postgres as PostgresWebStorage:
            return try await postgres.pool.query(
                "SELECT searches FROM web_search_count WHERE term = \(term) AND day = \(day)", logger: ContractWebStore.quietLogger
            ) { rows in
                for try await searches in rows.decode(Int.self) { return searches }
                return 0
            }
        default:
            throw CancellationError()
        }
    }
}
