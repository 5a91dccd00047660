import Foundation

/// The second generation's first server, "market-training" (2022): the v2b shapes with a snake_case list
/// envelope, list items without `vendorName` and `description`, `succeed` on every image, the vendor with its
/// dates, and dates with two fraction digits (`2022-01-21T00:00:00.00`). Apps of that year decode these keys
/// as non-optional, so each one is written.
public enum V2AWire {
    public static func date(_ date: Date) -> String {
        WireDate.string(from: date) + ".00"
    }

    public static func page(_ page: ProductPage) -> WireJSON {
        .object([
            ("page_no", .int(page.pageNo)),
            ("items_per_page", .int(page.itemsPerPage)),
            ("total_count", .int(page.totalCount)),
            ("offset", .int(page.offset)),
            ("limit", .int(page.limit)),
            ("last_page", .int(page.lastPage)),
            ("has_next", .bool(page.hasNext)),
            ("has_prev", .bool(page.hasPrev)),
            ("pages", .array(page.products.map(item))),
        ])
    }

    public static func item(_ product: ProductSummary) -> WireJSON {
        .object([
            ("id", .int(product.id)),
            ("vendor_id", .int(product.vendorID)),
            ("name", .string(product.name)),
            ("thumbnail", .string(product.thumbnailURL)),
            ("currency", .string(product.currency.rawValue)),
            ("price", .number(product.price, asFloat: true)),
            ("bargain_price", .number(product.bargainPrice, asFloat: true)),
            ("discounted_price", .number(product.discountedPrice, asFloat: true)),
            ("stock", .int(product.stock)),
            ("created_at", .string(date(product.createdAt))),
            ("issued_at", .string(date(product.issuedAt))),
        ])
    }

    public static func detail(_ detail: ProductDetail) -> WireJSON {
        // The vendor's own dates where the market knows them; else the product's, which are never earlier.
        let vendorCreated = detail.vendor.createdAt ?? detail.createdAt
        return .object([
            ("id", .int(detail.id)),
            ("vendor_id", .int(detail.vendorID)),
            ("name", .string(detail.name)),
            ("thumbnail", .string(detail.thumbnailURL)),
            ("currency", .string(detail.currency.rawValue)),
            ("price", .number(detail.price, asFloat: true)),
            ("description", .string(detail.description)),
            ("bargain_price", .number(detail.bargainPrice, asFloat: true)),
            ("discounted_price", .number(detail.discountedPrice, asFloat: true)),
            ("stock", .int(detail.stock)),
            ("created_at", .string(date(detail.createdAt))),
            ("issued_at", .string(date(detail.issuedAt))),
            ("images", .array(detail.images.map { image in
                .object([
                    ("id", .int(image.id)),
                    ("url", .string(image.url)),
                    ("thumbnail_url", .string(image.thumbnailURL)),
                    ("succeed", .bool(true)),
                    ("issued_at", .string(date(image.issuedAt))),
                ])
            })),
            ("vendors", .object([
                ("name", .string(detail.vendor.name)),
                ("id", .int(detail.vendor.id)),
                ("created_at", .string(date(vendorCreated))),
                ("issued_at", .string(date(vendorCreated))),
            ])),
        ])
    }
}
