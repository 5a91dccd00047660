import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// The one confirmation page of a bulk delete: every selected product listed, then one button.
struct AdminDeleteConfirmPage: PageModel {
    static let templateName = "admin/delete-confirm"

    struct Item: Sendable {
        var id: Int
        var name: String
        var thumbnailURL: String
        var price: String
        var vendor: String
    }

    var context: PageContext
    var admin: AdminLayout
    var intro: String
    var items: [Item]
    var action: String
    var cancelURL: String

    init(context: PageContext, products: [ProductDetail]) {
        self.context = context
        admin = AdminLayout(language: context.language)
        intro = context.language.adminStrings.confirmIntro(products.count, restorableDays: DeletedProducts.retentionDays)
        let format = context.format
        items = products.map {
            Item(id: $0.id, name: $0.name, thumbnailURL: $0.thumbnailURL, price: format.price($0.bargainPrice, currency: $0.currency), vendor: $0.vendor.name)
        }
        action = SiteURL.admin(.delete).link
        cancelURL = SiteURL.admin(.products()).link
    }
}

extension AdminDeleteConfirmPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "intro": .text(intro)
        case "items": .list(items)
        case "action": .text(action)
        case "cancelURL": .text(cancelURL)
        default: context.value(forKey: key)
        }
    }
}

extension AdminDeleteConfirmPage.Item: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "name": .text(name)
        case "thumbnailURL": .text(thumbnailURL)
        case "price": .text(price)
        case "vendor": .text(vendor)
        default: nil
        }
    }
}
