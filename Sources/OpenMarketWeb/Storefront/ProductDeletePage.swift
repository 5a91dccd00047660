import OpenMarketCore

/// The delete confirmation: the product, "this cannot be undone", and its password.
struct ProductDeletePage: PageModel {
    static let templateName = "products/delete"

    var layout: PageLayout
    var t: Strings
    var id: Int
    var name: String
    var thumbnailURL: String
    var price: PriceBlock
    var action: String
    var cancelURL: String
    var password: ProductFormPage.FieldState
    var hasErrors: Bool
    var writesDisabled: Bool

    init(layout: PageLayout, language: Language, product: ProductDetail, error: String? = nil, writesDisabled: Bool) {
        let strings = language.strings
        self.layout = layout
        t = strings
        id = product.id
        name = product.name
        thumbnailURL = product.thumbnailURL
        price = PriceBlock(
            price: product.price, discount: product.discountedPrice, currency: product.currency, format: Formatting(language: language),
            strings: strings)
        action = SiteURL.deleteProduct(.value(product.id)).link
        cancelURL = SiteURL.product(.value(product.id)).link
        var errors = FieldErrors()
        errors[.password] = error
        password = ProductFormPage.FieldState(.password, errors: errors)
        hasErrors = error != nil
        self.writesDisabled = writesDisabled
    }
}
