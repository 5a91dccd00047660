import Foundation
import GRDB
import OpenMarketCore

/// Every create, update and delete made through this front end, with who, when, what changed and how it ended.
package struct AuditLog: Sendable {
    package enum Action: String, Sendable, Codable { case create, update, delete, restore }
    package enum Outcome: String, Sendable, Codable { case success, refused, failed, pending }

    /// One field's value before and after, as shown to people.
    package struct Change: Sendable, Codable, Hashable {
        package var field: String
        package var old: String?
        package var new: String?
        /// An amount's currency (the product's after the change), so the history writes it as the storefront does.
        package var currency: String? = nil
        /// A change of photos: the thumbnails' addresses before and after. The market names images by random
        /// keys, so the history keeps what it can show rather than a number.
        package var oldPhotos: [String]? = nil
        package var newPhotos: [String]? = nil
        /// A delete's snapshot: which of the product's photos (1 is the first) the value names, so the history shows
        /// them from what was kept once the market serves them no more.
        package var photoNumbers: [Int]? = nil

        package init(
            field: String, old: String?, new: String?, currency: String? = nil, oldPhotos: [String]? = nil,
            newPhotos: [String]? = nil, photoNumbers: [Int]? = nil
        ) {
            self.field = field
            self.old = old
            self.new = new
            self.currency = currency
            self.oldPhotos = oldPhotos
            self.newPhotos = newPhotos
            self.photoNumbers = photoNumbers
        }
    }

    package struct Event: Sendable, Hashable {
        package var id: Int64
        package var at: Date
        package var actor: String
        package var action: Action
        package var productID: Int?
        package var productName: String
        package var changes: [Change]
        package var snapshot: [Change]?
        package var outcome: Outcome
        package var detail: String
        /// A restore's deleted product, which the restored one was listed from.
        package var relatedProductID: Int? = nil
    }

    package let storage: any AuditStorage

    package init(storage: any AuditStorage) {
        self.storage = storage
    }

    package init(database: any DatabaseWriter) {
        self.init(storage: SQLiteWebStorage(database: database))
    }

    /// Who did something: a storefront visitor (by address, as they have no account) or the signed-in admin.
    package enum Actor: Sendable, Hashable {
        case visitor(client: String)
        case admin

        var name: String {
            switch self {
            case .visitor(let client): "visitor \(client)"
            case .admin: "admin"
            }
        }
    }

    /// Records one event; `alongside` is what belongs with it (the kept photos of a delete, a restore's outcome),
    /// written in the same transaction. Returns the event's id.
    @discardableResult
    package func record(
        actor: Actor, action: Action, productID: Int?, productName: String, changes: [Change] = [], snapshot: [Change]? = nil,
        relatedProductID: Int? = nil, outcome: Outcome, detail: String = "",
        alongside: AuditAlongside? = nil
    ) async throws -> Int64 {
        let event = AuditEventRecord(
            id: nil, at: Date(), actor: actor.name, action: action.rawValue, productId: productID, productName: productName,
            changes: try Self.json(changes), snapshot: try snapshot.map(Self.json), outcome: outcome.rawValue, detail: detail, creationKey: nil,
            relatedProductId: relatedProductID)
        return try await storage.insertEvent(event, alongside: alongside)
    }

    /// One event by its id.
    package func event(id: Int64) async throws -> Event? {
        try await storage.event(id: id).map(Self.event)
    }

    /// Records a create before the market is asked, under the creation key the market will keep with the product.
    package func beginCreate(actor: Actor, productName: String, creationKey: String) async throws -> Int64 {
        let event = AuditEventRecord(
            id: nil, at: Date(), actor: actor.name, action: Action.create.rawValue, productId: nil, productName: productName,
            changes: "[]", snapshot: nil, outcome: Outcome.pending.rawValue, detail: "", creationKey: creationKey, relatedProductId: nil)
        return try await storage.insertEvent(event, alongside: nil)
    }

    /// Completes a create begun with `beginCreate`.
    package func completeCreate(eventID: Int64, productID: Int?, productName: String, changes: [Change], outcome: Outcome, detail: String = "") async throws {
        try await storage.completeEvent(
            id: eventID, productID: productID, productName: productName, changes: try Self.json(changes), outcome: outcome.rawValue, detail: detail)
    }

    /// Creates still pending, oldest first: after a crash, each is completed from what the market says.
    package func pendingCreates() async throws -> [(eventID: Int64, creationKey: String, productName: String)] {
        try await storage.pendingEvents().compactMap { event in
            guard let id = event.id, let key = event.creationKey else { return nil }
            return (id, key, event.productName)
        }
    }

    /// Newest first; `productID` narrows to one product's history (served by its index). The total of all
    /// events comes from a counter, one product's from its index range.
    package func events(productID: Int? = nil, limit: Int, offset: Int) async throws -> (total: Int, events: [Event]) {
        let found = try await storage.events(productID: productID, limit: limit, offset: offset)
        return (found.total, found.events.map(Self.event))
    }

    package static func event(_ record: AuditEventRecord) -> Event {
        let decoder = JSONDecoder()
        return Event(
            id: record.id ?? 0, at: record.at, actor: record.actor, action: Action(rawValue: record.action) ?? .update,
            productID: record.productId, productName: record.productName,
            changes: (try? decoder.decode([Change].self, from: Data(record.changes.utf8))) ?? [],
            snapshot: record.snapshot.flatMap { try? decoder.decode([Change].self, from: Data($0.utf8)) },
            outcome: Outcome(rawValue: record.outcome) ?? .failed, detail: record.detail, relatedProductID: record.relatedProductId)
    }

    private static func json(_ changes: [Change]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(changes), as: UTF8.self)
    }
}

extension AuditLog.Change {
    /// The fields of a product as history shows them, for snapshots and diffs.
    package static func fields(of product: ProductDetail) -> [AuditLog.Change] {
        [
            .init(field: "name", old: nil, new: product.name),
            .init(field: "description", old: nil, new: product.description),
            .init(field: "price", old: nil, new: "\(product.price)", currency: product.currency.rawValue),
            .init(field: "currency", old: nil, new: product.currency.rawValue),
            .init(field: "discounted_price", old: nil, new: "\(product.discountedPrice)", currency: product.currency.rawValue),
            .init(field: "stock", old: nil, new: String(product.stock)),
            .init(field: "thumbnail_id", old: nil, new: product.thumbnailImageID.map(String.init)),
        ]
    }

    /// The product as a delete's snapshot keeps it: its fields, which photo was the main one and how many it had.
    package static func snapshot(of product: ProductDetail) -> [AuditLog.Change] {
        var result = fields(of: product)
        if let main = product.images.firstIndex(where: { $0.id == product.thumbnailImageID }),
            let index = result.firstIndex(where: { $0.field == "thumbnail_id" }) {
            result[index].photoNumbers = [main + 1]
        }
        if !product.images.isEmpty {
            result.append(.init(field: "images", old: nil, new: String(product.images.count), photoNumbers: Array(1...product.images.count)))
        }
        return result
    }

    /// Old → new for every field that differs between two versions of a product.
    package static func diff(from old: ProductDetail, to new: ProductDetail) -> [AuditLog.Change] {
        zip(fields(of: old), fields(of: new)).compactMap { before, after in
            guard before.new != after.new else { return nil }
            var change = AuditLog.Change(field: before.field, old: before.new, new: after.new, currency: after.currency)
            if change.field == "thumbnail_id" {
                change.oldPhotos = photo(old, id: old.thumbnailImageID)
                change.newPhotos = photo(new, id: new.thumbnailImageID)
            }
            return change
        }
    }

    /// A change of all photos: the thumbnails before, and after when it succeeded.
    package static func photos(from old: ProductDetail, to new: ProductDetail?, uploaded count: Int) -> AuditLog.Change {
        .init(
            field: "images", old: String(old.images.count), new: String(new?.images.count ?? count),
            oldPhotos: old.images.map(\.thumbnailURL), newPhotos: new?.images.map(\.thumbnailURL))
    }

    /// The thumbnail of the product's photo with this id, as a list of one (none when it has no such photo).
    private static func photo(_ product: ProductDetail, id: Int?) -> [String]? {
        guard let id, let image = product.images.first(where: { $0.id == id }) else { return nil }
        return [image.thumbnailURL]
    }

    /// What a change request asks for, before it is known whether it succeeds.
    package static func requested(_ changes: ProductChanges, current: ProductDetail) -> [AuditLog.Change] {
        let now = Dictionary(uniqueKeysWithValues: fields(of: current).map { ($0.field, $0.new) })
        var result: [AuditLog.Change] = []
        let currency = (changes.currency ?? current.currency).rawValue
        func add(_ field: String, _ value: String?) {
            let amount = field == "price" || field == "discounted_price"
            if let value { result.append(.init(field: field, old: now[field] ?? nil, new: value, currency: amount ? currency : nil)) }
        }
        add("name", changes.name)
        add("description", changes.description)
        add("price", changes.price.map { "\($0)" })
        add("currency", changes.currency?.rawValue)
        add("discounted_price", changes.discountedPrice.map { "\($0)" })
        add("stock", changes.stock.map(String.init))
        add("thumbnail_id", changes.thumbnailID.map(String.init))
        if let index = result.firstIndex(where: { $0.field == "thumbnail_id" }) {
            result[index].oldPhotos = photo(current, id: current.thumbnailImageID)
            result[index].newPhotos = photo(current, id: changes.thumbnailID)
        }
        return result
    }
}
