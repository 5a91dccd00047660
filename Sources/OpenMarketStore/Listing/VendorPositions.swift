import GRDB

/// Finds the vendor order's key at a position without walking the rows before it: vendors are taken by name
/// with their counts in the selected cells (`vendorCellCounter`) until the one holding the position, and that
/// vendor's product at the remaining offset is found through the `vendorProducts` rank table.
struct VendorPositions {
    let cells: CellSet

    /// The key (vendor name, product id) at ascending `position` (0-based) of `total` selected products, or `nil`
    /// when the counters disagree with the total (the caller then reads from the nearer end).
    func key(_ db: Database, at position: Int, total: Int) throws -> ProductPager.Key? {
        let selected = cells.cells.map(String.init).joined(separator: ", ")
        let vendors = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT vendor.id, vendor.name,
                (SELECT coalesce(sum(total), 0) FROM vendorCellCounter WHERE vendorId = vendor.id AND cell IN (\(selected)))
            FROM vendor ORDER BY vendor.name
            """))
        var passed = 0
        while let vendor = try vendors.next() {
            let count: Int = vendor[2]
            guard position < passed + count else {
                passed += count
                continue
            }
            let vendorID: Int64 = vendor[0]
            // Products of vendors with a smaller id come first in the (vendorId, id) order.
            let before = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT coalesce(sum(total), 0) FROM vendorCellCounter WHERE vendorId < ? AND cell IN (\(selected))"),
                arguments: [vendorID]) ?? 0
            guard let key = try RankIndex(order: .vendorProducts, cells: cells).key(db, at: before + position - passed, total: total),
                key.first.flatMap(Int64.fromDatabaseValue) == vendorID, let id = key.last
            else { return nil }
            return [vendor[1] as DatabaseValue, id]
        }
        return nil
    }
}
