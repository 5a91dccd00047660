import OpenMarketCore

/// Products by id, for the lists a visitor's cookies keep (likes, recently viewed). The embedded market reads
/// them in one go; a remote one is asked product by product, a few at a time, as its API has nothing else.
/// Products that no longer exist are reported apart, so the list can forget them.
struct ProductShelf: Sendable {
    struct Found: Sendable {
        /// In the order asked.
        var products: [ProductSummary]
        /// Ids of products that are gone.
        var missing: Set<Int>
    }

    let market: any OpenMarketAPI
    /// The embedded market; `nil` for a remote one.
    let batch: (any ProductBatchReading)?

    /// Requests to a remote market at once for one list.
    static let concurrentReads = 4

    func products(ids: [Int]) async throws(OpenMarketError) -> Found {
        guard !ids.isEmpty else { return Found(products: [], missing: []) }
        if let batch {
            let products = try await batch.summaries(ids: ids)
            return Found(products: products, missing: Set(ids).subtracting(products.map(\.id)))
        }
        let found = try await oneByOne(ids)
        return Found(products: ids.compactMap { found[$0] ?? nil }, missing: Set(ids.filter { found[$0] == .some(nil) }))
    }

    /// The products `select` picks from the trail that still exist: the ones that are gone are taken out of
    /// `trail` and the pick is made again, so a page shows as many products as it can.
    func existing(in trail: inout ProductTrail, select: (ProductTrail) -> [Int]) async throws(OpenMarketError) -> [ProductSummary] {
        // Each product is read once: a later round reads only the ids the pick added.
        var known: [Int: ProductSummary] = [:]
        while true {
            let picked = select(trail)
            let found = try await products(ids: picked.filter { known[$0] == nil })
            for product in found.products { known[product.id] = product }
            // Each round takes out at least one id, so this ends.
            guard !found.missing.isEmpty else { return picked.compactMap { known[$0] } }
            trail.remove(found.missing)
        }
    }

    /// Each id's product, or `nil` for one the market does not have.
    private func oneByOne(_ ids: [Int]) async throws(OpenMarketError) -> [Int: ProductSummary?] {
        let market = market
        do {
            return try await withThrowingTaskGroup(of: (Int, ProductSummary?).self) { group in
                var found: [Int: ProductSummary?] = [:]
                var waiting = ids.makeIterator()
                for _ in 0..<Self.concurrentReads {
                    guard let id = waiting.next() else { break }
                    group.addTask { try await Self.read(id, from: market) }
                }
                while let (id, product) = try await group.next() {
                    found[id] = .some(product)
                    if let id = waiting.next() { group.addTask { try await Self.read(id, from: market) } }
                }
                return found
            }
        } catch let error as OpenMarketError {
            throw error
        } catch {
            throw .unreachable(String(describing: error))
        }
    }

    private static func read(_ id: Int, from market: any OpenMarketAPI) async throws(OpenMarketError) -> (Int, ProductSummary?) {
        do {
            return (id, ProductSummary(try await market.product(id: id)))
        } catch .notFound {
            return (id, nil)
        }
    }
}
