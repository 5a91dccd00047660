import OpenMarketCore
import OpenMarketTemplating

/// The delete confirmation: the product, that staff can restore it for a while, and its password.
struct ProductDeletePage: PageModel {
    static let templateName = "products/delete"

    var context: PageContext
    var id: Int
    var name: String
    var thumbnailURL: String
    var price: PriceBlock
    var action: String
    var cancelURL: String
    var password: ProductFormPage.FieldState
    var hasErrors: Bool
    var writesDisabled: Bool

    init(context: PageContext, product: ProductDetail, error: String? = nil, writesDisabled: Bool) {
        self.context = context
        id = product.id
        name = product.name
        thumbnailURL = product.thumbnailURL
        price = PriceBlock(
            price: product.price, discount: product.discountedPrice, currency: product.currency, format: context.format,
            strings: context.strings)
        action = SiteURL.deleteProduct(.value(product.id)).link
        cancelURL = SiteURL.product(.value(product.id)).link
        var errors = FieldErrors()
        errors[.password] = error
        password = ProductFormPage.FieldState(.password, errors: errors)
        hasErrors = error != nil
        self.writesDisabled = writesDisabled
    }
}

extension ProductDeletePage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "name": .text(name)
        case "thumbnailURL": .text(thumbnailURL)
        case "price": .object(price)
        case "action": .text(action)
        case "cancelURL": .text(cancelURL)
        case "password": .object(password)
        case "hasErrors": .bool(hasErrors)
        case "writesDisabled": .bool(writesDisabled)
        default: context.value(forKey: key)
        }
    }
}
