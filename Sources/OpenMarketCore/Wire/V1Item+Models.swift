import Foundation

extension V1Item {
    /// The v2 discount amount for v1's sale price: what the buyer saves, never below 0 nor above the price.
    var discountAmount: Decimal {
        guard let discountedPrice else { return 0 }
        return Decimal(min(max(price - discountedPrice, 0), max(price, 0)))
    }

    var registeredAt: Date { Date(timeIntervalSince1970: registrationDate) }

    func knownCurrency() throws(OpenMarketError) -> Currency {
        guard let currency = Currency(rawValue: currency.uppercased()) else {
            throw .undecodableResponse("Item \(id) has the currency \(currency.prefix(10)), which is neither KRW nor USD.")
        }
        return currency
    }
}

extension ProductSummary {
    /// A v1 list item as a summary. v1 has no vendors (id 0, no name) and its list no descriptions; its sale price
    /// becomes the discount amount and its first thumbnail the product's.
    public init(v1 item: V1Item) throws(OpenMarketError) {
        self.init(
            id: item.id, vendorID: 0, vendorName: "", name: item.title, description: item.descriptions ?? "",
            thumbnailURL: item.thumbnails.first ?? item.images?.first ?? "", currency: try item.knownCurrency(),
            price: Decimal(item.price), discountedPrice: item.discountAmount, stock: item.stock, createdAt: item.registeredAt,
            issuedAt: item.registeredAt)
    }
}

extension ProductDetail {
    /// A v1 item as a detail. Its photos are pairs of `images[i]` and `thumbnails[i]`, numbered 1, 2, … (v1 photos
    /// have no ids); the first is the main photo, as on every v1 client.
    public init(v1 item: V1Item) throws(OpenMarketError) {
        let urls = item.images ?? []
        let thumbnails = item.thumbnails
        let photos = (0..<max(urls.count, thumbnails.count)).map { index in
            let url = index < urls.count ? urls[index] : thumbnails[index]
            let thumbnail = index < thumbnails.count ? thumbnails[index] : urls[index]
            return Image(id: index + 1, url: url, thumbnailURL: thumbnail, issuedAt: item.registeredAt)
        }
        self.init(
            id: item.id, vendorID: 0, name: item.title, description: item.descriptions ?? "",
            thumbnailURL: photos.first?.thumbnailURL ?? "", currency: try item.knownCurrency(), price: Decimal(item.price),
            discountedPrice: item.discountAmount, stock: item.stock, createdAt: item.registeredAt, issuedAt: item.registeredAt,
            images: photos, vendor: Vendor(id: 0, name: ""))
    }
}
