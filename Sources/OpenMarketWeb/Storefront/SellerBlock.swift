import OpenMarketCore
import OpenMarketTemplating

/// Who sells a product, on its page, with a link to the seller's other products where the market can list them
/// (the embedded one); no OpenMarket API lists by vendor, so a remote market's seller is only named.
struct SellerBlock: Sendable {
    var name: String
    var url: String?

    /// `nil` for a market without vendors (v1), where there is nobody to name.
    init?(vendor: ProductDetail.Vendor, hasSellerPages: Bool) {
        guard !vendor.name.isEmpty else { return nil }
        name = vendor.name
        url = hasSellerPages ? SiteURL.seller(.value(vendor.id)).link : nil
    }
}

extension SellerBlock: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .text(name)
        case "url": .text(url)
        default: nil
        }
    }
}
