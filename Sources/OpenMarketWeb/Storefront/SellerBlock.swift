import OpenMarketCore
import OpenMarketTemplating

/// Who sells a product, on its page, with a link to the seller's other products: those listed here under the same
/// nickname (any market), or, for a product listed elsewhere, its vendor's where the market can list them (the
/// embedded one); no OpenMarket API lists by vendor, so a remote market's vendor is only named.
struct SellerBlock: Sendable {
    var name: String
    var url: String?

    /// `nil` for a market without vendors (v1), where there is nobody to name.
    init?(vendor: ProductDetail.Vendor, nickname: String? = nil, hasSellerPages: Bool) {
        if let nickname {
            name = nickname
            url = SiteURL.sellerNamed(nickname).link
            return
        }
        guard !vendor.name.isEmpty else { return nil }
        name = SellerDisplay.name(ofVendor: vendor.name)
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
