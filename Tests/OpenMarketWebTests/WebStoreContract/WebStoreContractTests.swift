import Foundation
import Logging
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// The front end's own state behaves the same on SQLite and on PostgreSQL, and what one instance writes, another
/// instance on the same store sees: every test works through two or more handles, as separate instances would.
@Suite("Web store contract", .timeLimit(.minutes(10)))
struct WebStoreContractTests {
    static let hasher = SecretHasher(cost: 4)

    @Test(arguments: WebStoreKind.available)
    func aSessionStartedThroughOneInstanceIsValidOnAnotherUntilEndedThere(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (one, two) = (AdminAccounts(storage: stores[0].storage, hasher: Self.hasher), AdminAccounts(storage: stores[1].storage, hasher: Self.hasher))
            let token = try await one.startSession()
            #expect(try await two.isValid(session: token))
            #expect(try await one.isValid(session: token))
            #expect(try await two.isValid(session: token + "0") == false)
            try await two.endSession(token)
            #expect(try await one.isValid(session: token) == false, "signing out on one instance signs out on all")
        }
    }

    @Test(arguments: WebStoreKind.available)
    func instancesStartingTogetherMakeOneAdminPasswordThatSignsInOnEach(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let accounts = stores.map { AdminAccounts(storage: $0.storage, hasher: Self.hasher) }
            let notes = accounts.map { _ in StartupNotes() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (account, note) in zip(accounts, notes) {
                    group.addTask { try await account.prepare(configuredPassword: nil, notes: note, logger: ContractWebStore.quietLogger) }
                }
                try await group.waitForAll()
            }
            let shown = notes.compactMap { note -> String? in
                let lines = note.banner(address: "http://127.0.0.1").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                return lines.firstIndex { $0.hasPrefix("admin password") }.map { lines[$0 + 1] }
            }
            #expect(shown.count == 1, "one instance makes the password and shows it; the others keep it")
            let password = try #require(shown.first)
            for account in accounts { #expect(try await account.verify(password)) }
        }
    }

    @Test(arguments: WebStoreKind.available)
    func aProductPasswordSetThroughOneInstanceIsCheckedOnAnother(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let one = ProductPasswords(keeper: .frontEnd(stores[0].storage), hasher: Self.hasher)
            let two = ProductPasswords(keeper: .frontEnd(stores[1].storage), hasher: Self.hasher)
            try await stores[0].storage.saveProductPasswordHash(try await Self.hasher.hash("blue-heron-42"), productID: 17, at: Date())
            #expect(try await two.check(productID: 17, password: "blue-heron-42") == .matches)
            #expect(try await two.check(productID: 17, password: "blue-heron-43") == .wrong)
            #expect(try await two.check(productID: 18, password: "blue-heron-42") == .noPassword)
            #expect(try await stores[1].storage.allProductPasswordHashes().keys.sorted() == [17])
            try await two.forget(productID: 17)
            #expect(try await one.check(productID: 17, password: "blue-heron-42") == .noPassword)
        }
    }

    /// A wait of `full` seconds that began at most at `start`: it shrinks as time passes, so it is checked against the
    /// time gone since, and a slow machine cannot fail it. While that time is short, a wait of half (a lost miss)
    /// or none shows; once the whole wait may have passed, only "no longer than `full`" is left to check.
    static func expectWait(
        _ wait: Int?, full: Int, since start: ContinuousClock.Instant, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let gone = Int((ContinuousClock.now - start).components.seconds) + 1
        if gone < full {
            #expect(wait.map { (max(1, full - gone)...full).contains($0) } == true, "\(what): \(String(describing: wait)) after \(gone) s",
                sourceLocation: sourceLocation)
        } else {
            #expect(wait.map { (1...full).contains($0) } ?? true, "\(what): \(String(describing: wait)) after \(gone) s", sourceLocation: sourceLocation)
        }
    }

    /// A client's wrong passwords at one product, checked one after another on different instances, block it at
    /// the same count as on one instance, on every instance. (Waits are checked within a range: they shrink as time passes.)
    @Test(arguments: WebStoreKind.available)
    func wrongGuessesAtOneSecretSpreadOverInstancesBlockAtTheSameCount(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let limit = GuessThrottle.perClientAndSubject
            let subject = GuessThrottle.Subject.product(7)
            for index in 0..<(limit.freeMisses - 1) {
                #expect(await stores[index % 3].throttle.counting.miss(client: "192.0.2.1", subject: subject))
            }
            for store in stores { #expect(await store.throttle.waitSeconds(client: "192.0.2.1", subject: subject) == nil) }
            let third = ContinuousClock.now
            #expect(await stores[2].throttle.counting.miss(client: "192.0.2.1", subject: subject))
            for store in stores {
                let wait = await store.throttle.waitSeconds(client: "192.0.2.1", subject: subject)
                Self.expectWait(wait, full: limit.firstDelaySeconds, since: third, "blocked at the limit")
                #expect(await store.throttle.waitSeconds(client: "192.0.2.2", subject: subject) == nil, "another client may try")
                #expect(await store.throttle.counting.reserve(client: "192.0.2.1", subject: subject) != .granted, "nothing more is checked")
            }
        }
    }

    /// Guesses by one client at one secret reserved all at once through several instances: exactly the free misses
    /// are granted, however the reservations interleave; the others are refused unchecked. Once those are settled
    /// as misses the client is blocked everywhere.
    @Test(arguments: WebStoreKind.available)
    func aBurstOfReservationsThroughManyInstancesIsGrantedOnlyTheFreeMisses(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let limit = GuessThrottle.perClientAndSubject
            let answers = await Self.reserveAtOnce(stores, times: 30, client: "192.0.2.1") { _ in .product(7) }
            let granted = answers.filter { $0.answer == .granted }
            #expect(granted.count == limit.freeMisses, "\(answers.map(\.answer))")
            #expect(answers.allSatisfy { $0.answer == .granted || $0.answer == .busy(proven: false) })
            await Self.settle(granted, .wrong, client: "192.0.2.1") { _ in .product(7) }
            for store in stores {
                #expect(await store.throttle.waitSeconds(client: "192.0.2.1", subject: .product(7)) != nil)
                #expect(await store.throttle.counting.reserve(client: "192.0.2.1", subject: .product(7)) != .granted)
            }
        }
    }

    /// One client guessing at many secrets through many instances at once: the client's own count grants its free
    /// misses and no more, and when they are settled as misses the client is blocked at every secret.
    @Test(arguments: WebStoreKind.available)
    func aBurstAtManySecretsThroughManyInstancesIsGrantedOnlyTheClientsFreeMisses(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let limit = GuessThrottle.perClient
            let answers = await Self.reserveAtOnce(stores, times: 40, client: "203.0.113.9") { .product($0) }
            let granted = answers.filter { $0.answer == .granted }
            #expect(granted.count == limit.freeMisses, "\(answers.map(\.answer))")
            let sent = ContinuousClock.now
            await Self.settle(granted, .wrong, client: "203.0.113.9") { .product($0) }
            for store in stores {
                let wait = await store.throttle.waitSeconds(client: "203.0.113.9", subject: .product(999))
                Self.expectWait(wait, full: limit.firstDelaySeconds, since: sent, "blocked at the client's limit")
            }
            #expect(await stores[2].throttle.waitSeconds(client: "203.0.113.10", subject: .product(999)) == nil)
        }
    }

    @Test(arguments: WebStoreKind.available)
    func manyClientsShareOneSecretsMissesAcrossInstancesButAClientProvenOnOneIsNotLockedOutOnAnother(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 2) { stores in
            let subject = GuessThrottle.Subject.vendor("5e0b7c1a")
            #expect(await stores[0].throttle.counting.prove(client: "10.0.0.1", subject: subject))
            // Two clients past the limit at once: the secret's count grants its free misses, the rest are refused.
            let clients = GuessThrottle.perSubject.freeMisses + 2
            let answers = await Self.reserveAtOnce(stores, times: clients, client: "") { _ in subject }
            #expect(answers.filter { $0.answer == .granted }.count == GuessThrottle.perSubject.freeMisses)
            let sent = ContinuousClock.now
            for each in answers where each.answer == .granted {
                await each.store.throttle.counting.settle(client: "192.0.2.\(each.index)", subject: subject, verdict: .wrong)
            }
            let fresh = await stores[1].throttle.waitSeconds(client: "198.51.100.7", subject: subject)
            Self.expectWait(fresh, full: GuessThrottle.perSubject.firstDelaySeconds, since: sent, "a fresh address is slowed too")
            #expect(await stores[1].throttle.waitSeconds(client: "10.0.0.1", subject: subject) == nil, "the vendor's own app keeps working")
            #expect(await stores[1].throttle.counting.reserve(client: "10.0.0.1", subject: subject) == .granted)
            #expect(await stores[0].throttle.waitSeconds(client: "198.51.100.7", subject: .vendor("another")) == nil)
        }
    }

    @Test(arguments: WebStoreKind.available)
    func aRightGuessOnOneInstanceForgivesThatClientsMissesOnAll(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let subject = GuessThrottle.Subject.adminSignIn
            for _ in 0..<(GuessThrottle.perClientAndSubject.freeMisses - 1) {
                #expect(await stores[0].throttle.counting.miss(client: "192.0.2.5", subject: subject))
            }
            #expect(await stores[1].throttle.counting.prove(client: "192.0.2.5", subject: subject))
            #expect(await stores[0].throttle.counting.miss(client: "192.0.2.5", subject: subject))
            #expect(await stores[0].throttle.waitSeconds(client: "192.0.2.5", subject: subject) == nil, "the count began again")
        }
    }

    /// A reservation settled as right or undecided is released: the guesses in flight it held are free again on
    /// every instance, and settling counts no miss.
    @Test(arguments: WebStoreKind.available)
    func settlingRightOrUndecidedReleasesTheReservationOnEveryInstance(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let subject = GuessThrottle.Subject.product(11)
            let free = GuessThrottle.perClientAndSubject.freeMisses
            for _ in 0..<free { #expect(await stores[0].throttle.counting.reserve(client: "192.0.2.6", subject: subject) == .granted) }
            #expect(await stores[1].throttle.counting.reserve(client: "192.0.2.6", subject: subject) == .busy(proven: false))
            await stores[1].throttle.counting.settle(client: "192.0.2.6", subject: subject, verdict: .undecided)
            #expect(await stores[1].throttle.counting.reserve(client: "192.0.2.6", subject: subject) == .granted)
            #expect(await stores[0].throttle.counting.reserve(client: "192.0.2.6", subject: subject) == .busy(proven: false))
            await stores[0].throttle.counting.settle(client: "192.0.2.6", subject: subject, verdict: .right)
            // Proven now: a guess beyond the ones in flight waits for them instead of being refused.
            #expect(await stores[1].throttle.counting.reserve(client: "192.0.2.6", subject: subject) == .granted)
            #expect(await stores[1].throttle.counting.reserve(client: "192.0.2.6", subject: subject) == .busy(proven: true))
            for _ in 0..<free { await stores[0].throttle.counting.settle(client: "192.0.2.6", subject: subject, verdict: .undecided) }
            #expect(await stores[1].throttle.waitSeconds(client: "192.0.2.6", subject: subject) == nil, "no miss was counted")
        }
    }

    /// `times` reservations by `client` made at once, spread over the stores in turn; each with its index.
    static func reserveAtOnce(
        _ stores: [WebStore], times: Int, client: String, subject: @escaping @Sendable (Int) -> GuessThrottle.Subject
    ) async -> [(index: Int, store: WebStore, answer: GuessThrottle.Reservation)] {
        await withTaskGroup(of: (Int, WebStore, GuessThrottle.Reservation).self) { group in
            for index in 0..<times {
                let store = stores[index % stores.count]
                // An empty `client`: each reservation comes from a client of its own.
                let who = client.isEmpty ? "192.0.2.\(index)" : client
                group.addTask { (index, store, await store.throttle.counting.reserve(client: who, subject: subject(index))) }
            }
            return await group.reduce(into: []) { $0.append(($1.0, $1.1, $1.2)) }
        }
    }

    static func settle(
        _ reserved: [(index: Int, store: WebStore, answer: GuessThrottle.Reservation)], _ verdict: GuessThrottle.Verdict, client: String,
        subject: (Int) -> GuessThrottle.Subject
    ) async {
        for each in reserved { await each.store.throttle.counting.settle(client: client, subject: subject(each.index), verdict: verdict) }
    }

    @Test(arguments: WebStoreKind.available)
    func theHistoryIsOneLogWhateverInstanceWritesIt(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (one, two) = (AuditLog(storage: stores[0].storage), AuditLog(storage: stores[1].storage))
            let created = try await one.beginCreate(actor: .visitor(client: "192.0.2.1"), productName: "Film camera", creationKey: "key-1")
            let updated = try await two.record(
                actor: .admin, action: .update, productID: 5, productName: "Lamp", changes: [.init(field: "stock", old: "1", new: "2")],
                outcome: .success)
            #expect(try await one.pendingCreates().map(\.creationKey) == ["key-1"])
            try await two.completeCreate(eventID: created, productID: 6, productName: "Film camera", changes: [], outcome: .success)
            #expect(try await one.pendingCreates().isEmpty)
            let refused = try await one.record(
                actor: .visitor(client: "192.0.2.2"), action: .delete, productID: 5, productName: "Lamp", outcome: .refused, detail: "Wrong password")
            #expect(created < updated && updated < refused, "one sequence of ids for every instance")

            for log in [one, two] {
                let all = try await log.events(limit: 10, offset: 0)
                #expect(all.total == 3)
                #expect(all.events.map(\.id) == [refused, updated, created])
                let lamp = try await log.events(productID: 5, limit: 1, offset: 1)
                #expect(lamp.total == 2)
                #expect(lamp.events.map(\.id) == [updated])
                let event = try #require(try await log.event(id: created))
                #expect(event.productID == 6 && event.outcome == .success && event.actor == "visitor 192.0.2.1")
                #expect(try await log.event(id: updated)?.changes == [.init(field: "stock", old: "1", new: "2")])
            }
        }
    }

    @Test(arguments: WebStoreKind.available)
    func aDraftKeptThroughOneInstanceIsOpenedOnlyByItsOwnerOnAnother(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (one, two) = (PhotoDrafts(storage: stores[0].storage), PhotoDrafts(storage: stores[1].storage))
            let photos = [
                PhotoDrafts.Photo(filename: "a.jpg", mediaType: "image/jpeg", data: Data([1, 2, 3])),
                PhotoDrafts.Photo(filename: "b.png", mediaType: "image/png", data: Data([4, 5])),
            ]
            let draft = try #require(try await one.keep(photos, key: nil, owner: "cookie-1"))
            #expect(try await two.load(key: draft.key, owner: "cookie-1") == draft)
            #expect(try await two.load(key: draft.key, owner: "cookie-2") == nil, "someone else's key opens nothing")
            #expect(try await two.photo(token: photos[1].token, owner: "cookie-1")?.data == Data([4, 5]))
            #expect(try await two.photo(token: photos[1].token, owner: "cookie-2") == nil)

            // The owner's next error on the other instance keeps the same key with the new photos.
            let again = try #require(try await two.keep(Array(photos.prefix(1)), key: draft.key, owner: "cookie-1"))
            #expect(again.key == draft.key)
            #expect(try await one.load(key: draft.key, owner: "cookie-1")?.photos == Array(photos.prefix(1)))
            #expect(try await one.photo(token: photos[1].token, owner: "cookie-1") == nil)

            // Someone else's key is not reused: a new draft is made.
            let theirs = [PhotoDrafts.Photo(filename: "c.jpg", mediaType: "image/jpeg", data: Data([6]))]
            let other = try #require(try await two.keep(theirs, key: draft.key, owner: "cookie-2"))
            #expect(other.key != draft.key)

            try await two.discard(key: draft.key, owner: "cookie-1")
            #expect(try await one.load(key: draft.key, owner: "cookie-1") == nil)
            let bytes = try await stores[1].draftBytes()
            #expect(bytes.kept == bytes.actual && bytes.actual == 1, "replaced and discarded drafts leave the byte total")
            #expect(try await one.load(key: other.key, owner: "cookie-2") != nil)
        }
    }

    @Test(arguments: WebStoreKind.available)
    func aVisitorKeepsTheirNewestDraftsWhicheverInstanceMadeThem(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let now = Date()
            var keys: [String] = []
            for index in 0...PhotoDrafts.maxDraftsPerVisitor {
                let drafts = PhotoDrafts(storage: stores[index % 2].storage)
                let photo = PhotoDrafts.Photo(filename: "p\(index).jpg", mediaType: "image/jpeg", data: Data([UInt8(index)]))
                let draft = try #require(try await drafts.keep([photo], key: nil, owner: "cookie-1", now: now.addingTimeInterval(Double(index))))
                keys.append(draft.key)
            }
            let drafts = PhotoDrafts(storage: stores[0].storage)
            #expect(try await drafts.load(key: keys[0], owner: "cookie-1", now: now) == nil, "the oldest went")
            for key in keys.dropFirst() { #expect(try await drafts.load(key: key, owner: "cookie-1", now: now) != nil) }
        }
    }

    /// Several staff pressing "restore" at once on several instances: exactly one restore goes ahead.
    @Test(arguments: WebStoreKind.available)
    func aDeletedProductIsClaimedForRestoreOnceAcrossInstances(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let keepsake = ProductKeepsake(
                photos: [KeptPhoto(mediaType: "image/jpeg", data: Data([9, 8, 7])), KeptPhoto(mediaType: "image/png", data: Data([6]))],
                mainPosition: 1, passwordHash: "$2b$04$hash")
            let eventID = try await AuditLog(storage: stores[0].storage).record(
                actor: .admin, action: .delete, productID: 41, productName: "Lamp", snapshot: [.init(field: "name", old: nil, new: "Lamp")],
                outcome: .success, alongside: .keepDeleted(keepsake, productID: 41, vendorID: 3))
            let deleted = stores.map { DeletedProducts(storage: $0.storage) }
            guard case .restorable = try await deleted[2].states(eventIDs: [eventID])[eventID] else {
                Issue.record("the kept product is restorable from another instance")
                return
            }

            let results = try await withThrowingTaskGroup(of: Result<DeletedProducts.Claim, DeletedProducts.ClaimRefusal>.self) { group in
                for attempt in 0..<9 {
                    let handle = deleted[attempt % deleted.count]
                    group.addTask { try await handle.claim(eventID: eventID) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let claims = results.compactMap { try? $0.get() }
            #expect(claims.count == 1)
            #expect(results.filter { $0 == .failure(.restoring) }.count == 8)
            let claim = try #require(claims.first)
            #expect(claim.keepsake == keepsake && claim.deletedProductID == 41 && claim.vendorID == 3)
            #expect(try await deleted[0].interruptedRestores().map(\.restoreKey) == [claim.restoreKey])

            // Released by one instance (the market refused), it may be claimed again on another.
            try await deleted[1].release(eventID: eventID)
            let second = try await deleted[2].claim(eventID: eventID)
            let secondClaim = try second.get()
            try await AuditLog(storage: stores[1].storage).record(
                actor: .admin, action: .restore, productID: 77, productName: "Lamp", relatedProductID: 41, outcome: .success,
                alongside: .completeRestore(eventID: eventID, restoredProductID: 77))
            #expect(try await deleted[0].states(eventIDs: [eventID])[eventID] == .restored(productID: 77))
            #expect(try await deleted[2].claim(eventID: eventID) == .failure(.restored(productID: 77)))
            #expect(try await deleted[0].interruptedRestores().isEmpty)
            #expect(secondClaim.restoreKey != claim.restoreKey)
        }
    }

    /// A deleted product's kept photos are read one by one, by their place, from any instance: only while kept, never
    /// past the retention or once restored.
    @Test(arguments: WebStoreKind.available)
    func aDeletedProductsKeptPhotosAreReadByPlaceWhileKept(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 2) { stores in
            let photos = [KeptPhoto(mediaType: "image/jpeg", data: Data([9, 8, 7])), KeptPhoto(mediaType: "image/png", data: Data([6, 5]))]
            let keepsake = ProductKeepsake(photos: photos, mainPosition: 1, passwordHash: nil)
            let at = Date()
            let eventID = try await AuditLog(storage: stores[0].storage).record(
                actor: .admin, action: .delete, productID: 52, productName: "Kettle", snapshot: [.init(field: "name", old: nil, new: "Kettle")],
                outcome: .success, alongside: .keepDeleted(keepsake, productID: 52, vendorID: 3))
            let deleted = stores.map { DeletedProducts(storage: $0.storage) }
            #expect(try await deleted[1].photo(eventID: eventID, number: 1) == photos[0])
            #expect(try await deleted[0].photo(eventID: eventID, number: 2) == photos[1])
            for number in [0, 3, -1] { #expect(try await deleted[1].photo(eventID: eventID, number: number) == nil, "photo \(number)") }
            #expect(try await deleted[1].photo(eventID: eventID + 1000, number: 1) == nil)
            let pastRetention = at.addingTimeInterval(DeletedProducts.retention + 60)
            #expect(try await deleted[1].photo(eventID: eventID, number: 1, now: pastRetention) == nil)

            _ = try await deleted[0].claim(eventID: eventID).get()
            try await AuditLog(storage: stores[1].storage).record(
                actor: .admin, action: .restore, productID: 52, productName: "Kettle", relatedProductID: 52, outcome: .success,
                alongside: .completeRestore(eventID: eventID, restoredProductID: 52))
            #expect(try await deleted[0].photo(eventID: eventID, number: 1) == nil, "a restored product's photos are its own again")
        }
    }

    /// The console's "deleted" filter: restorable products only (not claimed, restored or past the retention), the
    /// latest deleted first, narrowed by any part of the name with `%` and `_` taken literally, whichever instance asks.
    @Test(arguments: WebStoreKind.available)
    func restorableProductsAreListedLatestFirstAndSearchedByName(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let audit = AuditLog(storage: stores[0].storage)
            let keepsake = ProductKeepsake(photos: [KeptPhoto(mediaType: "image/jpeg", data: Data([3]))], mainPosition: 0, passwordHash: nil)
            var events: [Int64] = []
            for (product, name) in [(11, "캠핑용 랜턴"), (12, "Desk LAMP"), (13, "100% 울 담요"), (14, "Lamp shade")] {
                let snapshot: [AuditLog.Change] = [.init(field: "name", old: nil, new: name), .init(field: "price", old: nil, new: "35000")]
                events.append(try await audit.record(
                    actor: .admin, action: .delete, productID: product, productName: name, snapshot: snapshot, outcome: .success,
                    alongside: .keepDeleted(keepsake, productID: product, vendorID: 1)))
            }
            let other = DeletedProducts(storage: stores[1].storage)
            let all = try await other.restorable(search: nil, limit: 10, offset: 0)
            #expect(all.total == 4 && all.products.map(\.productID) == [14, 13, 12, 11])
            #expect(all.products[0].productName == "Lamp shade" && all.products[0].snapshot?.contains("35000") == true)
            let days = all.products[0].daysLeft(now: Date())
            #expect(days == DeletedProducts.retentionDays)
            #expect(all.products[0].daysLeft(now: all.products[0].keptUntil.addingTimeInterval(-60)) == 1, "the last hour is the last day")

            let lamps = try await other.restorable(search: "lamp", limit: 10, offset: 0)
            #expect(lamps.total == 2 && lamps.products.map(\.productID) == [14, 12], "any part of the name, case aside")
            #expect(try await other.restorable(search: "랜턴", limit: 10, offset: 0).products.map(\.productID) == [11])
            #expect(try await other.restorable(search: "100%", limit: 10, offset: 0).products.map(\.productID) == [13])
            #expect(try await other.restorable(search: "1_0", limit: 10, offset: 0).total == 0, "_ is not a wildcard")
            let second = try await other.restorable(search: nil, limit: 2, offset: 2)
            #expect(second.total == 4 && second.products.map(\.productID) == [12, 11])
            #expect(try await other.restorable(search: "lamp", limit: 0, offset: 0).total == 2)

            // Claimed, restored or past the retention: no longer listed.
            let deleted = DeletedProducts(storage: stores[0].storage)
            guard case .success = try await deleted.claim(eventID: events[3]) else {
                Issue.record("the kept product can be claimed")
                return
            }
            try await audit.record(
                actor: .admin, action: .restore, productID: 12, productName: "Desk LAMP", relatedProductID: 12, outcome: .success,
                alongside: .completeRestore(eventID: events[1], restoredProductID: 12))
            #expect(try await other.restorable(search: nil, limit: 10, offset: 0).products.map(\.productID) == [13, 11])
            let later = Date().addingTimeInterval(DeletedProducts.retention + 60)
            #expect(try await other.restorable(search: nil, now: later, limit: 10, offset: 0).total == 0)
        }
    }

    /// Every instance sweeps every few minutes: sweeping at once removes each expired thing once and keeps the rest.
    @Test(arguments: WebStoreKind.available)
    func sweepsRunningAtOnceOnSeveralInstancesRemoveEachExpiredThingOnce(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let past = Date().addingTimeInterval(-2 * PhotoDrafts.lifetime)
            let drafts = PhotoDrafts(storage: stores[0].storage)
            for owner in 0..<6 {
                let photo = PhotoDrafts.Photo(filename: "old.jpg", mediaType: "image/jpeg", data: Data(repeating: 1, count: 100))
                _ = try await drafts.keep([photo], key: nil, owner: "old-\(owner)", now: past)
            }
            let fresh = try #require(try await drafts.keep(
                [PhotoDrafts.Photo(filename: "new.jpg", mediaType: "image/jpeg", data: Data([2]))], key: nil, owner: "new"))

            let audit = AuditLog(storage: stores[1].storage)
            var expired: [Int64] = []
            for product in 0..<5 {
                let keepsake = ProductKeepsake(photos: [KeptPhoto(mediaType: "image/jpeg", data: Data([3]))], mainPosition: 0, passwordHash: nil)
                let id = try await audit.record(
                    actor: .admin, action: .delete, productID: product, productName: "Old \(product)", outcome: .success,
                    alongside: .keepDeleted(keepsake, productID: product, vendorID: 1))
                expired.append(id)
            }
            let deleted = DeletedProducts(storage: stores[2].storage)
            // Claimed by a restore under way: never swept from under it.
            guard case .success = try await deleted.claim(eventID: expired[0]) else {
                Issue.record("the first kept product can be claimed")
                return
            }

            let swept = try await withThrowingTaskGroup(of: (drafts: Int, kept: Int).self) { group in
                for store in stores {
                    group.addTask {
                        async let draftCount = PhotoDrafts(storage: store.storage).sweep()
                        async let keptCount = DeletedProducts(storage: store.storage).sweep(now: Date().addingTimeInterval(DeletedProducts.retention + 120))
                        return (try await draftCount, try await keptCount)
                    }
                }
                return try await group.reduce(into: (drafts: 0, kept: 0)) { $0.drafts += $1.drafts; $0.kept += $1.kept }
            }
            #expect(swept.drafts == 6)
            let bytes = try await stores[0].draftBytes()
            #expect(bytes.kept == bytes.actual && bytes.actual == 1, "the drafts' byte total went down with every swept draft")
            #expect(swept.kept == 4)
            #expect(try await drafts.load(key: fresh.key, owner: "new") != nil, "a draft still in its time stays")
            #expect(try await deleted.states(eventIDs: [expired[0]])[expired[0]] == .restoring)

        }
    }

    /// Drafts kept, replaced, discarded and swept at once on several instances: none fails waiting on another, and
    /// the byte total that bounds them stays the sum of what is kept.
    @Test(arguments: WebStoreKind.available)
    func draftsChangedAtOnceOnSeveralInstancesKeepTheirByteTotalRight(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind, handles: 3) { stores in
            let past = Date().addingTimeInterval(-2 * PhotoDrafts.lifetime)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for owner in 0..<12 {
                    let drafts = PhotoDrafts(storage: stores[owner % stores.count].storage)
                    let other = PhotoDrafts(storage: stores[(owner + 1) % stores.count].storage)
                    group.addTask {
                        let photo = { PhotoDrafts.Photo(filename: "p.jpg", mediaType: "image/jpeg", data: Data(repeating: 7, count: 10 + owner)) }
                        let first = try #require(try await drafts.keep([photo()], key: nil, owner: "owner-\(owner)", now: owner % 3 == 0 ? past : Date()))
                        let second = try await other.keep([photo(), photo()], key: first.key, owner: "owner-\(owner)", now: owner % 3 == 0 ? past : Date())
                        if owner % 4 == 1, let second { try await drafts.discard(key: second.key, owner: "owner-\(owner)") }
                    }
                    group.addTask { _ = try await PhotoDrafts(storage: stores[owner % stores.count].storage).sweep() }
                }
                try await group.waitForAll()
            }
            for store in stores { _ = try await PhotoDrafts(storage: store.storage).sweep() }
            let bytes = try await stores[2].draftBytes()
            #expect(bytes.kept == bytes.actual)
            // Left: every owner but those kept in the past (0, 3, 6, 9: swept) and those discarded (1, 5, 9), two photos each.
            #expect(bytes.actual == [2, 4, 7, 8, 10, 11].reduce(0) { $0 + 2 * (10 + $1) })
        }
    }

    @Test(arguments: WebStoreKind.available)
    func eachInstanceAnswersTheReadinessCheck(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            for store in stores { try await store.storage.healthCheck() }
        }
    }

    /// The history's filters and its pages by key read alike on both stores (each writes its own SQL for them), and
    /// what one instance records another reads.
    @Test(arguments: WebStoreKind.available)
    func theHistoryIsFilteredAndPagedByKeyAlike(_ kind: WebStoreKind) async throws {
        try await ContractWebStore.with(kind) { stores in
            let (writer, reader) = (AuditLog(storage: stores[0].storage), AuditLog(storage: stores[1].storage))
            var ids: [Int64] = []
            ids.append(try await writer.record(actor: .admin, action: .update, productID: 7, productName: "찻잔", outcome: .success))
            ids.append(try await writer.record(
                actor: .visitor(client: "127.0.0.1"), action: .delete, productID: 7, productName: "찻잔", outcome: .refused, detail: "passwordWrong"))
            ids.append(try await writer.record(actor: .admin, action: .update, productID: 8, productName: "Lamp", outcome: .success))
            for index in 0..<5 {
                ids.append(try await writer.record(actor: .admin, action: .create, productID: 100 + index, productName: "Made \(index)", outcome: .success))
            }
            func names(_ filter: AuditLog.Filter) async throws -> [String] {
                try await reader.events(filter, limit: 50).events.map(\.productName)
            }
            #expect(try await names(.init(action: .update)) == ["Lamp", "찻잔"])
            #expect(try await names(.init(refusedOnly: true)) == ["찻잔"])
            #expect(try await names(.init(productID: 7)) == ["찻잔", "찻잔"])
            #expect(try await names(.init(productID: 8, action: .update)) == ["Lamp"])
            #expect(try await names(.init(productID: 8, action: .delete)).isEmpty)
            let now = Date()
            #expect(try await names(.init(from: now.addingTimeInterval(-3_600), until: now.addingTimeInterval(3_600))).count == 8)
            #expect(try await names(.init(until: now.addingTimeInterval(-3_600))).isEmpty)
            #expect(try await names(.init(from: now.addingTimeInterval(3_600))).isEmpty)

            // Three a page, newest first: the older page starts after the last entry shown, and back again.
            let first = try await reader.events(.init(), limit: 3)
            #expect(first.events.map(\.id) == Array(ids.suffix(3).reversed()))
            #expect(first.hasOlder && !first.hasNewer)
            let second = try await reader.events(.init(before: first.events.last?.id), limit: 3)
            #expect(second.events.map(\.id) == Array(ids.dropLast(3).suffix(3).reversed()))
            #expect(second.hasNewer && second.hasOlder)
            let back = try await reader.events(.init(after: second.events.first?.id), limit: 3)
            #expect(back.events.map(\.id) == first.events.map(\.id))
            let refusedOlder = try await reader.events(.init(refusedOnly: true, before: ids[2]), limit: 3)
            #expect(refusedOlder.events.map(\.id) == [ids[1]] && !refusedOlder.hasOlder)
        }
    }
}

extension Result<DeletedProducts.Claim, DeletedProducts.ClaimRefusal> {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.failure(let left), .failure(let right)): left == right
        case (.success(let left), .success(let right)): left.restoreKey == right.restoreKey
        default: false
        }
    }
}
