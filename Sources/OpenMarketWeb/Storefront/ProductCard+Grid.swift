import OpenMarketCore

extension ProductCard {
    /// Cards for a grid or list of products, the first row's photos loaded at once as on the product list.
    static func grid(_ products: [ProductSummary], sellers: [Int: String] = [:], context: PageContext) -> [ProductCard] {
        let format = context.format
        return products.enumerated().map { index, product in
            var card = ProductCard(product, sellerName: sellers[product.id], format: format, strings: context.strings)
            card.isLazy = index >= ListContent.eagerPhotos
            return card
        }
    }

    /// The class of the list: the view the visitor chose on the product list, a grid until then.
    static func listClass(_ view: ListView?) -> String {
        view == .list ? "view-list" : "view-grid"
    }
}
