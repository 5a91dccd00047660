import Foundation
import GRDB
import Logging
import OpenMarketCore
@testable import OpenMarketStore

/// A fresh in-memory market with two vendors: `owner` and `neighbor`.
struct TestMarket {
    /// One hasher for every test: each owns a thread pool, and cost 4 keeps bcrypt fast.
    static let hasher = SecretHasher(cost: 4)

    /// Keeps "database ready" and "sample loaded" lines out of the test output; errors still show.
    static let quietLogger: Logger = {
        var logger = Logger(label: "openmarket.store.tests")
        logger.logLevel = .error
        return logger
    }()

    static let ownerSecret = "owner-secret-1234"
    static let neighborSecret = "neighbor-secret-5678"

    let market: SQLiteMarket
    let owner: SQLiteMarket.VendorAccount
    let neighbor: SQLiteMarket.VendorAccount

    init(configuration: SQLiteMarket.Configuration = .init(), database: (any DatabaseWriter)? = nil) async throws {
        market = SQLiteMarket(
            database: try database ?? MarketDatabase.inMemory(), hasher: Self.hasher, configuration: configuration, logger: Self.quietLogger)
        owner = try await market.createVendor(name: "Owner Shop", secret: Self.ownerSecret)
        neighbor = try await market.createVendor(name: "Neighbor Shop", secret: Self.neighborSecret)
    }

    var ownerCredentials: VendorCredentials { VendorCredentials(identifier: owner.identifier, secret: Self.ownerSecret) }
    var neighborCredentials: VendorCredentials { VendorCredentials(identifier: neighbor.identifier, secret: Self.neighborSecret) }

    /// Creates a valid product as `owner` unless told otherwise.
    @discardableResult
    func create(
        name: String = "Vintage Film Camera", description: String = "A working 35mm camera with a fresh battery.",
        price: Decimal = 12000, currency: Currency = .krw, discountedPrice: Decimal = 0, stock: Int = 1,
        images: [ImageUpload] = [TestImages.png()], credentials: VendorCredentials? = nil
    ) async throws -> ProductDetail {
        let draft = ProductDraft(
            name: name, description: description, price: price, currency: currency, discountedPrice: discountedPrice, stock: stock)
        return try await market.createProduct(draft, images: images, credentials: credentials ?? ownerCredentials)
    }

    /// What a refused write must leave untouched: every product, image, token and vendor row.
    func snapshot() async throws -> DatabaseSnapshot {
        try await market.database.read { db in
            DatabaseSnapshot(
                products: try Row.fetchAll(db, sql: "SELECT * FROM product ORDER BY id").map(\.description),
                images: try Row.fetchAll(
                    db, sql: "SELECT id, productId, position, key, fileExtension, mediaType, hex(bytes) FROM productImage ORDER BY id"
                ).map(\.description),
                tokens: try Row.fetchAll(db, sql: "SELECT * FROM deleteToken ORDER BY token").map(\.description),
                vendors: try Row.fetchAll(db, sql: "SELECT * FROM vendor ORDER BY id").map(\.description)
            )
        }
    }

    func rowCount(_ table: String) async throws -> Int {
        try await market.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }
}

struct DatabaseSnapshot: Equatable {
    var products: [String]
    var images: [String]
    var tokens: [String]
    var vendors: [String]
}

/// Small images with structurally valid headers (1 × 1 pixel), and the shipped sample photos.
enum TestImages {
    static let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sampleData = packageRoot.appending(path: "SampleData")

    static func padded(_ head: [UInt8], to size: Int) -> Data {
        Data(head + [UInt8](repeating: 0, count: max(0, size - head.count)))
    }

    static func png(filename: String = "photo.png", size: Int = 64) -> ImageUpload {
        ImageUpload(
            filename: filename, contentType: "image/png",
            data: padded(pngHeader(width: 1, height: 1), to: size))
    }

    /// PNG signature and an IHDR chunk: 8-bit truecolour of the given size (its CRC is not checked by the reader).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func jpeg(filename: String = "photo.jpg") -> ImageUpload {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 8, 0, 1, 0, 1, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        return ImageUpload(filename: filename, contentType: "image/jpeg", data: padded([0xFF, 0xD8] + app0 + frame, to: 64))
    }

    static func gif(filename: String = "photo.gif") -> ImageUpload {
        ImageUpload(filename: filename, contentType: "image/gif", data: padded(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], to: 32))
    }

    static func webp(filename: String = "photo.webp") -> ImageUpload {
        ImageUpload(filename: filename, contentType: "image/webp", data: padded(Array("RIFF".utf8) + [24, 0, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0, 0x2F, 0, 0, 0, 0], to: 32))
    }

    /// Text that claims to be a PNG.
    static func text() -> ImageUpload {
        ImageUpload(filename: "notes.png", contentType: "image/png", data: Data("This is not an image, only some text.".utf8))
    }

    static func sample(_ name: String) throws -> ImageUpload {
        ImageUpload(filename: name, contentType: "image/png", data: try Data(contentsOf: sampleData.appending(path: "images").appending(path: name)))
    }
}

/// The error's case without its message, so tests can compare kinds.
enum ErrorKind: Equatable {
    case notFound, unauthorized, forbidden, invalid, malformed, tooLarge, unsupportedMedia, other
}

extension OpenMarketError {
    var kind: ErrorKind {
        switch self {
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .invalid: .invalid
        case .malformed: .malformed
        case .tooLarge: .tooLarge
        case .unsupportedMedia: .unsupportedMedia
        default: .other
        }
    }

    /// The fields named by an `.invalid` error's violations (empty for other errors).
    var fields: Set<Field?> {
        if case .invalid(let violations) = self { return Set(violations.map(\.field)) }
        return []
    }
}
