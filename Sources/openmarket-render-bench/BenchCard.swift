import OpenMarketTemplating

/// One product card, as in the web module's `ProductCard`, `PriceBlock` and `StockText`.
struct BenchCard: Sendable {
    var id: Int
    var anchor: String
    var url: String
    var name: String
    var thumbnailURL: String
    var price: BenchPrice
    var stock: BenchStock
    var vendorName: String

    init(id: Int, strings: BenchStrings) {
        self.id = id
        anchor = "p-\(id)"
        url = "/products/\(id)"
        name = "빈티지 원목 의자 & 쿠션 세트 #\(id)"
        thumbnailURL = "/images/\(id)/thumbnail.jpg"
        price = BenchPrice(id: id, strings: strings)
        let count = id % 7
        stock = BenchStock(text: count == 0 ? strings.soldOut : "잔여 \(count)개", isSoldOut: count == 0, isLow: count > 0 && count <= 3)
        vendorName = "판매자 \(id % 4)"
    }
}

struct BenchPrice: Sendable {
    var salePrice: String
    var originalPrice: String
    var hasDiscount: Bool
    var discountRate: String
    var originalLabel: String
    var saleLabel: String
    var discountLabel: String

    init(id: Int, strings: BenchStrings) {
        hasDiscount = id % 3 == 0
        salePrice = hasDiscount ? "₩81,000" : "₩90,000"
        originalPrice = "₩90,000"
        discountRate = hasDiscount ? "10%" : ""
        originalLabel = strings.originalPriceLabel
        saleLabel = strings.salePriceLabel
        discountLabel = strings.discountLabel
    }
}

struct BenchStock: Sendable {
    var text: String
    var isSoldOut: Bool
    var isLow: Bool
}

extension BenchCard: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "anchor": .text(anchor)
        case "url": .text(url)
        case "name": .text(name)
        case "thumbnailURL": .text(thumbnailURL)
        case "price": .object(price)
        case "stock": .object(stock)
        case "vendorName": .text(vendorName)
        default: nil
        }
    }
}

extension BenchPrice: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "salePrice": .text(salePrice)
        case "originalPrice": .text(originalPrice)
        case "hasDiscount": .bool(hasDiscount)
        case "discountRate": .text(discountRate)
        case "originalLabel": .text(originalLabel)
        case "saleLabel": .text(saleLabel)
        case "discountLabel": .text(discountLabel)
        default: nil
        }
    }
}

extension BenchStock: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "text": .text(text)
        case "isSoldOut": .bool(isSoldOut)
        case "isLow": .bool(isLow)
        default: nil
        }
    }
}
