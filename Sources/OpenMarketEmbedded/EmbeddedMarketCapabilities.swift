import Foundation
import OpenMarketCore

// What a front end needs from an embedded market beyond `OpenMarketAPI` and the core's capabilities
// (`ProductPasswordKeeping`, `ProductImageReplacing`, `VendorListing`, `ProductBatchReading`), each a protocol both
// embedded markets implement with one behaviour: `SQLiteMarket` here, `PostgresMarket` in OpenMarketPostgres. The
// contract suite holds them to it.

/// A vendor as the market knows it, without its secret hash.
public struct VendorAccount: Sendable, Hashable {
    public var id: Int
    public var name: String
    public var identifier: String

    public init(id: Int, name: String, identifier: String) {
        self.id = id
        self.name = name
        self.identifier = identifier
    }
}

/// The vendors of a market and its start: the front end's own vendor, and the sample products of an empty market.
public protocol VendorKeeping: Sendable {
    /// Creates the vendor, or sets its name and secret if the identifier exists already; a name another
    /// identifier holds is refused (`invalid`).
    @discardableResult
    func upsertVendor(name: String, identifier: String, secret: String) async throws(OpenMarketError) -> VendorAccount
    func vendor(identifier: String) async throws(OpenMarketError) -> VendorAccount?
    /// The number of products, from counters, never by counting rows.
    func productCount() async throws(OpenMarketError) -> Int
    /// Fills an empty market with the shipped sample products (`SampleData/`), spread over two vendors; how many
    /// were added (0 when the market already had products).
    @discardableResult
    func loadSampleData(from directory: URL, owner: VendorAccount, neighbor: VendorAccount) async throws -> Int
}

/// The admin console's view: any order and filter, CSV export batch by batch, and writes on the owner's behalf.
public protocol AdminListing: Sendable {
    /// One page in the listing's order with the number of products it selects.
    func listingPage(_ listing: ProductListing, limit: Int, offset: Int) async throws(OpenMarketError) -> ListingPage
    /// The next batch of every product the listing selects, after `cursor` (`nil` first); `next` is `nil` after the last.
    /// A market may leave `thumbnailURL` empty: an export has no photo column.
    func exportBatch(_ listing: ProductListing, after cursor: ExportCursor?, limit: Int) async throws(OpenMarketError)
        -> (products: [ProductSummary], next: ExportCursor?)
    func updateProductAsOwner(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail
    func deleteProductAsOwner(id: Int) async throws(OpenMarketError) -> ProductDetail
}

/// Who changes a product: a vendor with its secret (which the market checks), or the admin of this market acting
/// with the product's owner's authority.
public enum ProductWriter: Sendable {
    case vendor(VendorCredentials)
    case owner
}

/// A change as the market made it: the product just before and just after, both read in the write's transaction,
/// so of changes racing each other each one's `before` is the one before it, never a state read earlier.
public struct ProductReplacement: Sendable, Hashable {
    public var before: ProductDetail
    public var after: ProductDetail

    public init(before: ProductDetail, after: ProductDetail) {
        self.before = before
        self.after = after
    }
}

/// What a conditional change did.
public enum ConditionalUpdate: Sendable, Hashable {
    case updated(ProductReplacement)
    /// The product was not as the caller expected: nothing was written. The product as it is.
    case conflict(current: ProductDetail)
}

/// A product's photos after an edit, in their order: photos it has, by id, and new ones. Kept photos keep their
/// bytes and their URLs (no second encoding, no cache to forget); photos left out are deleted.
public struct PhotoArrangement: Sendable, Hashable {
    public enum Photo: Sendable, Hashable {
        case kept(imageID: Int)
        case added(ImageUpload)
    }

    public var photos: [Photo]
    /// The place in `photos` of the main photo (the v2 API's thumbnail), which need not be the first.
    public var main: Int

    public init(photos: [Photo], main: Int = 0) {
        self.photos = photos
        self.main = main
    }

    /// Every photo new, the first the main one: the v1 apps' PATCH with `images[]`.
    public static func replacing(_ images: [ImageUpload]) -> PhotoArrangement {
        PhotoArrangement(photos: images.map { .added($0) })
    }

    public var added: [ImageUpload] {
        photos.compactMap { if case .added(let upload) = $0 { upload } else { nil } }
    }

    public var keptIDs: [Int] {
        photos.compactMap { if case .kept(let id) = $0 { id } else { nil } }
    }

    /// Whether every kept photo is one of `product`'s: asked in the change's transaction before anything is written.
    public func keeps(onlyPhotosOf product: ProductDetail) -> Bool {
        Set(keptIDs).isSubset(of: product.images.map(\.id))
    }

    /// What a market checks before it writes anything: 1–5 photos in all, each kept one named once, the main one
    /// among them, and the new ones by the upload rules (`ImageRules`), each said by its place among all.
    public func checkBeforeWriting() throws(OpenMarketError) {
        guard MarketLimits.imageCount.contains(photos.count) else { throw ImageRules.Problem.count(photos.count).marketError }
        guard Set(keptIDs).count == keptIDs.count else {
            throw .invalid([.init(field: .images, message: "A photo is named twice in the arrangement.")])
        }
        guard photos.indices.contains(main) else {
            throw .invalid([.init(field: .thumbnailID, message: "The main photo is not among the product's photos.")])
        }
        for (index, photo) in photos.enumerated() {
            guard case .added(let upload) = photo else { continue }
            try ImageRules.checkOne(upload, position: index + 1).mapError { $0.marketError }.get()
        }
    }
}

/// A change whose precondition is decided in the write's own transaction, with the product locked until the commit:
/// an edit form's "as I showed it" is checked there, so two edits based on one state cannot both be written.
public protocol ConditionalProductUpdating: Sendable {
    /// `expected` is asked about the product as it is inside the transaction (after the owner check): `false` writes
    /// nothing and answers `conflict`. `nil` writes whatever the product is (the API's last writer wins) and still
    /// answers the state it replaced. `photos`, when given, become the product's photos, its main photo the one
    /// they name (whatever `changes` named); a kept photo that is not the product's answers `conflict`.
    func updateProduct(
        id: Int, changes: ProductChanges, arranging photos: PhotoArrangement?, as writer: ProductWriter,
        if expected: (@Sendable (ProductDetail) -> Bool)?
    ) async throws(OpenMarketError) -> ConditionalUpdate
}

extension ConditionalProductUpdating {
    /// `images`, when given, replace every photo (the v1 apps' PATCH); the first becomes the main one.
    public func updateProduct(
        id: Int, changes: ProductChanges, replacingImages images: [ImageUpload]?, as writer: ProductWriter,
        if expected: (@Sendable (ProductDetail) -> Bool)?
    ) async throws(OpenMarketError) -> ConditionalUpdate {
        try await updateProduct(id: id, changes: changes, arranging: images.map(PhotoArrangement.replacing), as: writer, if: expected)
    }
}

extension ConditionalUpdate {
    /// The change of an unconditional update, which cannot conflict.
    package func written() throws(OpenMarketError) -> ProductReplacement {
        switch self {
        case .updated(let replacement): return replacement
        case .conflict: throw .storeFailure("An unconditional change reported a conflict.")
        }
    }
}

/// The v2 API's delete in two steps: a single-use, expiring token, then the delete that spends it (exactly once,
/// however many requests race for it).
public protocol TwoStepDeleting: Sendable {
    func issueDeleteToken(productID: Int, credentials: VendorCredentials) async throws(OpenMarketError) -> String
    func deleteProduct(token: String, identifier: String, productID: Int?) async throws(OpenMarketError) -> ProductDetail
}

/// Photos by the file name in their URL (`{key}_origin.{ext}`, `{key}_thumb.{ext}`, `{key}_w{width}.{jpg|webp}`);
/// the bytes under a name never change, so they may be cached forever.
public protocol ImageServing: Sendable {
    func image(named fileName: String) async throws(OpenMarketError) -> StoredImage?
    /// Which of these photo keys the market still has: a photo an edit removed or a delete took is gone.
    func storedImageKeys(_ keys: Set<String>) async throws(OpenMarketError) -> Set<String>
}

/// Photos served in slices rather than read whole: a market whose bytes live in another server (PostgreSQL) reads
/// each slice when the response is ready for it, so a photo is never all in memory and no connection waits on a
/// slow client.
public protocol ImageStreaming: ImageServing {
    /// What `image(named:)` would serve, as its length and a reader of its slices; `nil` for an unknown name.
    func streamedImage(named fileName: String) async throws(OpenMarketError) -> StreamedImage?
}

/// A photo by its entity tag, type and length, whose bytes are read in slices of `sliceBytes`.
public struct StreamedImage: Sendable {
    public var tag: String
    public var mediaType: String
    public var length: Int
    public var sliceBytes: Int
    /// `count` bytes from `offset` (fewer only where the photo ends); throws when the photo went meanwhile.
    let read: @Sendable (_ offset: Int, _ count: Int) async throws -> Data

    package init(tag: String, mediaType: String, length: Int, sliceBytes: Int, read: @escaping @Sendable (Int, Int) async throws -> Data) {
        self.tag = tag
        self.mediaType = mediaType
        self.length = length
        self.sliceBytes = max(1, sliceBytes)
        self.read = read
    }

    /// The photo's bytes in order, one slice read at a time as the consumer asks for it.
    public var slices: Slices { Slices(image: self) }

    public struct Slices: AsyncSequence, Sendable {
        public typealias Element = Data
        let image: StreamedImage

        public func makeAsyncIterator() -> Iterator { Iterator(image: image) }

        public struct Iterator: AsyncIteratorProtocol {
            let image: StreamedImage
            var offset = 0

            public mutating func next() async throws -> Data? {
                guard offset < image.length else { return nil }
                let slice = try await image.read(offset, Swift.min(image.sliceBytes, image.length - offset))
                // A photo is never changed under its name: fewer bytes than its length means it was deleted.
                guard !slice.isEmpty else { throw OpenMarketError.notFound("The photo was deleted while it was sent.") }
                offset += slice.count
                return slice
            }
        }
    }
}

/// Restoring a deleted product: what it had, read before the delete, and listing it again with it.
public protocol ProductRelisting: Sendable {
    /// Its photos as served, its main photo and its own password's hash.
    func keepsake(productID: Int) async throws(OpenMarketError) -> ProductKeepsake
    /// Lists it again as the vendor it belonged to, the display images stored as kept, with its password and the
    /// caller's creation key in the same transaction. Under `formerID` when no product holds that id (so links and
    /// bookmarks to it work again), else under a new one; the answer says which.
    func relist(
        _ draft: ProductDraft, keepsake: ProductKeepsake, vendorID: Int, creationKey: String, formerID: Int?
    ) async throws(OpenMarketError) -> ProductDetail
}

/// Takes over product password hashes the front end kept before the market kept them.
public protocol ProductPasswordAdopting: Sendable {
    /// Products that no longer exist, or have a password already, are skipped; how many were taken.
    func adoptProductPasswordHashes(_ hashes: [Int: String]) async throws(OpenMarketError) -> Int
}

/// Checks what the store maintains (counters, search indexes) against the rows: for tests and operators.
public protocol ConsistencyChecking: Sendable {
    /// One line per problem; empty means consistent.
    func consistencyProblems(sample: Int) async throws(OpenMarketError) -> [String]
}

/// A market that tells a cache when a kept answer is stale: a version that changes at every committed write.
/// SQLite's is the count of its commits (every write goes through this process); PostgreSQL's is its write feed's,
/// which other instances' commits step too (`MarketWriteFeed`).
public protocol WriteVersioning: Sendable {
    var writeVersion: UInt64 { get }
}

/// One product of `SampleData/products.json`, read for either market; its photos are files beside it in `images/`.
package struct SampleProduct: Decodable, Sendable {
    package var name: String
    package var description: String
    package var currency: Currency
    package var price: Decimal
    package var discountedPrice: Decimal
    package var stock: Int
    package var images: [String]
    package var daysAgo: Int
    /// The nickname the front end shows as its seller (the market's vendors are the same two for every sample).
    package var seller: String?

    enum CodingKeys: String, CodingKey {
        case name, description, currency, price, stock, images, seller
        case discountedPrice = "discounted_price"
        case daysAgo = "days_ago"
    }

    /// A sample ready to insert: its draft, its photos' bytes, its date, and whether the neighbour owns it.
    package struct Prepared: Sendable {
        package var draft: ProductDraft
        package var images: [ImageUpload]
        package var createdAt: Date
        package var isNeighbors: Bool
    }

    /// The catalogue oldest first, so ids grow with dates and "newest first" means the same by id and by date;
    /// every sixth sample is the neighbour's.
    package static func load(from directory: URL) throws -> [Prepared] {
        let catalog = try JSONDecoder().decode([SampleProduct].self, from: Data(contentsOf: directory.appending(path: "products.json")))
        let ordered = catalog.enumerated().sorted { $0.element.daysAgo > $1.element.daysAgo }
        // One clock reading for all: processing the photos takes a while, and "n days ago" means from now.
        let loadedAt = Date()
        return try ordered.enumerated().map { step, entry in
            let (index, sample) = entry
            let images = try sample.images.map { file in
                ImageUpload(filename: file, contentType: nil, data: try Data(contentsOf: directory.appending(path: "images").appending(path: file)))
            }
            let draft = ProductDraft(
                name: sample.name, description: sample.description, price: sample.price, currency: sample.currency,
                discountedPrice: sample.discountedPrice, stock: sample.stock)
            // A millisecond apart, so later rows are newer even between samples of the same day.
            let createdAt = loadedAt.addingTimeInterval(-Double(sample.daysAgo) * 86_400 + Double(step) / 1000)
            return Prepared(draft: draft, images: images, createdAt: createdAt, isNeighbors: index % 6 == 5)
        }
    }
}
