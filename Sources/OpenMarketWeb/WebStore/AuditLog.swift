import Foundation
import GRDB
import OpenMarketCore

/// Every create, update and delete made through this front end, with who, when, what changed and how it ended.
struct AuditLog: Sendable {
    enum Action: String, Sendable, Codable { case create, update, delete }
    enum Outcome: String, Sendable, Codable { case success, refused, failed }

    /// One field's value before and after, as shown to people.
    struct Change: Sendable, Codable, Hashable {
        var field: String
        var old: String?
        var new: String?
    }

    struct Event: Sendable, Hashable {
        var id: Int64
        var at: Date
        var actor: String
        var action: Action
        var productID: Int?
        var productName: String
        var changes: [Change]
        var snapshot: [Change]?
        var outcome: Outcome
        var detail: String
    }

    let database: any DatabaseWriter

    func record(
        actor: String, action: Action, productID: Int?, productName: String, changes: [Change] = [], snapshot: [Change]? = nil,
        outcome: Outcome, detail: String = ""
    ) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let changesJSON = String(decoding: try encoder.encode(changes), as: UTF8.self)
        let snapshotJSON = try snapshot.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO auditEvent (at, actor, action, productId, productName, changes, snapshot, outcome, detail)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [Date(), actor, action.rawValue, productID, productName, changesJSON, snapshotJSON, outcome.rawValue, detail])
        }
    }

    /// Newest first; `productID` narrows to one product's history (served by its index).
    func events(productID: Int? = nil, limit: Int, offset: Int) async throws -> (total: Int, events: [Event]) {
        try await database.read { db in
            let filter = productID == nil ? "" : "WHERE productId = ?"
            let arguments: StatementArguments = productID.map { [$0] } ?? []
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM auditEvent \(filter)", arguments: arguments) ?? 0
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM auditEvent \(filter) ORDER BY id DESC LIMIT ? OFFSET ?", arguments: arguments + [limit, offset])
            let decoder = JSONDecoder()
            return (total, rows.map { row in
                Event(
                    id: row["id"], at: row["at"], actor: row["actor"], action: Action(rawValue: row["action"]) ?? .update,
                    productID: row["productId"], productName: row["productName"],
                    changes: (try? decoder.decode([Change].self, from: Data((row["changes"] as String).utf8))) ?? [],
                    snapshot: (row["snapshot"] as String?).flatMap { try? decoder.decode([Change].self, from: Data($0.utf8)) },
                    outcome: Outcome(rawValue: row["outcome"]) ?? .failed, detail: row["detail"])
            })
        }
    }
}

extension AuditLog.Change {
    /// The fields of a product as history shows them, for snapshots and diffs.
    static func fields(of product: ProductDetail) -> [AuditLog.Change] {
        [
            .init(field: "name", old: nil, new: product.name),
            .init(field: "description", old: nil, new: product.description),
            .init(field: "price", old: nil, new: "\(product.price)"),
            .init(field: "currency", old: nil, new: product.currency.rawValue),
            .init(field: "discounted_price", old: nil, new: "\(product.discountedPrice)"),
            .init(field: "stock", old: nil, new: String(product.stock)),
            .init(field: "thumbnail_id", old: nil, new: product.thumbnailImageID.map(String.init)),
        ]
    }

    /// Old → new for every field that differs between two versions of a product.
    static func diff(from old: ProductDetail, to new: ProductDetail) -> [AuditLog.Change] {
        zip(fields(of: old), fields(of: new)).compactMap { before, after in
            before.new == after.new ? nil : .init(field: before.field, old: before.new, new: after.new)
        }
    }

    /// What a change request asks for, before it is known whether it succeeds.
    static func requested(_ changes: ProductChanges, current: ProductDetail) -> [AuditLog.Change] {
        let now = Dictionary(uniqueKeysWithValues: fields(of: current).map { ($0.field, $0.new) })
        var result: [AuditLog.Change] = []
        func add(_ field: String, _ value: String?) {
            if let value { result.append(.init(field: field, old: now[field] ?? nil, new: value)) }
        }
        add("name", changes.name)
        add("description", changes.description)
        add("price", changes.price.map { "\($0)" })
        add("currency", changes.currency?.rawValue)
        add("discounted_price", changes.discountedPrice.map { "\($0)" })
        add("stock", changes.stock.map(String.init))
        add("thumbnail_id", changes.thumbnailID.map(String.init))
        return result
    }
}
