import Foundation
import GRDB
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// `kill -9` at random moments while sellers upload through the form: afterwards every product that exists can be
/// deleted with the password its seller typed and has its history entry — or it does not exist.
@Suite("Uploads survive kill -9", .serialized, .timeLimit(.minutes(10)))
struct ServerCrashTests {
    static let cycles = 12
    static let uploaders = 8

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServerProcessTests.executable.path), "needs the built openmarket-web"))
    func everyListingCanBeRemovedByItsSellerAfterKillNine() async throws {
        let directory = TestSupport.temporaryDirectory()
        let photo = try TestSupport.sampleImage("mug-1.png")
        let counter = UploadCounter()
        for cycle in 0..<Self.cycles {
            try await ServerProcess.with(dataDirectory: directory) { server in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<Self.uploaders {
                        group.addTask {
                            while server.isRunning {
                                let number = await counter.next()
                                let answer = (try? await FormUpload.send(to: server, number: number, photo: photo)) ?? ""
                                if answer.hasPrefix("HTTP/1.1 303") { await counter.acknowledge(number) }
                                if answer.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
                            }
                        }
                    }
                    // Somewhere in the middle of the uploads: before, during or after a bcrypt, a write or the history (an upload
                    // takes seconds while the rest of the suite runs beside it).
                    try await Task.sleep(for: .milliseconds(Int.random(in: 300...5_000)))
                    await server.kill()
                    try await group.waitForAll()
                }
            }
            _ = cycle
        }
        // One more start: it completes what the kills interrupted, then answers.
        try await ServerProcess.with(dataDirectory: directory) { server in
            try await Self.checkEveryListingCanBeRemoved(on: server, in: directory, counter: counter)
        }
    }

    static func checkEveryListingCanBeRemoved(on server: ServerProcess, in directory: URL, counter: UploadCounter) async throws {
        let listed = try uploadedProducts(in: directory)
        let attempted = await counter.value
        let acknowledged = await counter.acknowledged
        try #require(listed.count > 0, "no upload finished in \(cycles) cycles of \(attempted) attempts")
        let listedNumbers = Set(listed.compactMap { FormUpload.number(fromName: $0.1) })
        #expect(acknowledged.isSubset(of: listedNumbers), "every upload answered with a redirect exists: lost \(acknowledged.subtracting(listedNumbers).count)")
        let history = try Self.history(in: directory)
        #expect(history.pending == 0, "no upload stays pending after a restart")
        var orphans: [String] = []
        for (id, name) in listed {
            guard let number = FormUpload.number(fromName: name) else { continue }
            if !history.createdIDs.contains(id) { orphans.append("\(name): no history entry") }
            let answer = try await FormUpload.delete(on: server, productID: id, password: FormUpload.password(number))
            if !answer.hasPrefix("HTTP/1.1 303") { orphans.append("\(name): delete answered \(answer.prefix(40))") }
        }
        #expect(orphans.isEmpty, "\(orphans.count) of \(listed.count) products orphaned: \(orphans.prefix(5))")
        #expect(try uploadedProducts(in: directory).isEmpty, "all deleted by their sellers")
        #expect(try TestSupport.counts(in: directory).images == 0, "no photo without its product")
    }

    static func uploadedProducts(in directory: URL) throws -> [(Int, String)] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: directory.appending(path: "market.sqlite").path, configuration: configuration)
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM product ORDER BY id").map { ($0["id"], $0["name"]) }
        }
    }

    static func history(in directory: URL) throws -> (pending: Int, createdIDs: Set<Int>) {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: directory.appending(path: "web.sqlite").path, configuration: configuration)
        return try queue.read { db in
            let pending = try Int.fetchOne(db, sql: "SELECT count(*) FROM auditEvent WHERE outcome = 'pending'") ?? -1
            let created = try Int.fetchAll(
                db, sql: "SELECT productId FROM auditEvent WHERE action = 'create' AND outcome = 'success' AND productId IS NOT NULL")
            return (pending, Set(created))
        }
    }
}

actor UploadCounter {
    private(set) var value = 0
    private(set) var acknowledged: Set<Int> = []

    func acknowledge(_ number: Int) {
        acknowledged.insert(number)
    }

    func next() -> Int {
        value += 1
        return value
    }
}

/// The upload form as a browser without JavaScript sends it, over a raw connection.
enum FormUpload {
    static func name(_ number: Int) -> String { "업로드 상품 \(number)" }
    static func password(_ number: Int) -> String { "seller-pass-\(number)" }

    static func number(fromName name: String) -> Int? {
        name.hasPrefix("업로드 상품 ") ? Int(name.dropFirst("업로드 상품 ".count)) : nil
    }

    static func send(to server: ServerProcess, number: Int, photo: Data) async throws -> String {
        let (cookie, token) = try await csrf(server, path: "/products/new")
        var form = try ProductUploadForm.valid(photos: 0)
        form.name = name(number)
        form.password = password(number)
        form.images = [UploadBody.Image(filename: "photo.png", contentType: "image/png", data: photo)]
        let body = try form.buffer(csrf: token)
        return try await server.send(request("POST", "/products", server: server, cookie: cookie, contentType: form.contentType, body: body))
    }

    static func delete(on server: ServerProcess, productID: Int, password: String) async throws -> String {
        let (cookie, token) = try await csrf(server, path: "/products/\(productID)/delete")
        let body = ByteBuffer(string: FormEncoding.urlEncoded([("_csrf", token), ("password", password)]))
        return try await server.send(
            request("POST", "/products/\(productID)/delete", server: server, cookie: cookie, contentType: "application/x-www-form-urlencoded", body: body))
    }

    private static func csrf(_ server: ServerProcess, path: String) async throws -> (cookie: String, token: String) {
        let page = try await server.get(path)
        let cookie = page.firstCapture(#"Set-Cookie: (csrf=[0-9a-f]{64})"#)
        let token = page.firstCapture(#"name="_csrf" value="([0-9a-f]{64})""#)
        guard let cookie, let token else { throw ServerProcessError.didNotStart }
        return (cookie, token)
    }

    private static func request(_ method: String, _ path: String, server: ServerProcess, cookie: String, contentType: String, body: ByteBuffer) -> [UInt8] {
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: \(cookie)\r\nContent-Type: \(contentType)\r\n"
            + "Content-Length: \(body.readableBytes)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(body.readableBytesView)
    }
}
