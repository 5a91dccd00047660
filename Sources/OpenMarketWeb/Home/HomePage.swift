import Foundation
import OpenMarketCore

/// The first page: the newest products of whichever backend is configured.
struct HomePage: PageModel {
    static let templateName = "home/index"

    struct Card: Sendable {
        var id: Int
        var name: String
        var thumbnailURL: String
        var price: String
        var originalPrice: String
        var hasDiscount: Bool
        var stockText: String
        var isSoldOut: Bool
        var vendorName: String
    }

    var layout: Layout
    var heading: String
    var totalText: String
    var cards: [Card]
    var isEmpty: Bool

    init(page: ProductPage?) {
        layout = Layout(title: "OpenMarket")
        heading = "최신 상품"
        let products = page?.products ?? []
        totalText = "총 \(PriceFormatter.grouped(page?.totalCount ?? 0))개 상품"
        isEmpty = products.isEmpty
        cards = products.map { product in
            Card(
                id: product.id, name: product.name, thumbnailURL: product.thumbnailURL,
                price: PriceFormatter.string(product.bargainPrice, currency: product.currency),
                originalPrice: PriceFormatter.string(product.price, currency: product.currency),
                hasDiscount: product.discountedPrice > 0,
                stockText: product.stock == 0 ? "품절" : "잔여 \(PriceFormatter.grouped(product.stock))개",
                isSoldOut: product.stock == 0,
                vendorName: product.vendorName)
        }
    }
}

/// Korean price formatting: `12,000원`, `$12.00`.
enum PriceFormatter {
    static func string(_ amount: Decimal, currency: Currency) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.minimumFractionDigits = currency.fractionDigits
        formatter.maximumFractionDigits = currency.fractionDigits
        let number = formatter.string(from: NSDecimalNumber(decimal: amount)) ?? "\(amount)"
        switch currency {
        case .krw: return number + "원"
        case .usd: return "$" + number
        }
    }

    static func grouped(_ value: Int) -> String {
        string(Decimal(value), currency: .krw).replacingOccurrences(of: "원", with: "")
    }
}
