import OpenMarketCore
import OpenMarketEmbedded

/// The filter cells a listing selects (see `CellSchema`): stock in or sold out, times won or dollars.
struct CellSet: Sendable, Hashable {
    let cells: [Int]

    static let all = CellSet(stock: nil, currency: nil)

    init(stock: ProductListing.StockFilter?, currency: Currency?) {
        let inStock: [Int] = switch stock {
        case .inStock?: [1]
        case .soldOut?: [0]
        case nil: [0, 1]
        }
        let currencies: [Int] = switch currency {
        case .krw?: [0]
        case .usd?: [2]
        case nil: [0, 2]
        }
        cells = currencies.flatMap { base in inStock.map { base + $0 } }
    }

    var isAll: Bool { cells.count == 4 }

    /// `+product.cell IN (…)`, or nothing when every cell is selected. The cells are numbers made here, never input.
    /// The unary `+` keeps SQLite from reading the cell index and sorting: the order's own index is walked and
    /// each row tested. Orders with a cell index read each cell's index instead (see `ProductPager`).
    var condition: String? {
        isAll ? nil : (cells.count == 1 ? "+product.cell = \(cells[0])" : "+product.cell IN (\(cells.map(String.init).joined(separator: ", ")))")
    }

    /// The sum of the selected cells' counts in a rank segment (`n0 + n1`…).
    var segmentCount: String {
        cells.map { "n\($0)" }.joined(separator: " + ")
    }
}
