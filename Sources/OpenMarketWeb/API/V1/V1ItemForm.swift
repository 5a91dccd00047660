import Foundation
import NIOCore
import OpenMarketCore
import OpenMarketInput

/// The multipart body of `POST /item` and `PATCH /item/{id}`: text parts `title`, `descriptions`, `price`,
/// `currency`, `stock`, `discounted_price` (the **sale price**) and `password`, and photos in `images[]` parts.
/// Numbers arrive as decimal text. Parts of other names are ignored, as real clients send extras.
///
/// Apps of 2021 send every field they leave alone as an empty part, and an empty file input as a file part with
/// no filename and no bytes: an empty text part is a field not sent, such a file part no photo.
struct V1ItemForm {
    static let textParts: Set<String> = ["title", "descriptions", "price", "currency", "stock", "discounted_price", "password"]

    private var texts: [String: String] = [:]
    var images: [ImageUpload] = []

    init(_ parts: [MultipartForm.Part]) throws(OpenMarketError) {
        guard Set(parts.map(\.name)).count <= MultipartLimits.maxAPINames else {
            throw .malformed("The multipart body has parts of more than \(MultipartLimits.maxAPINames) names.")
        }
        for part in parts {
            if part.name == "images[]" || part.name == "images" {
                guard !Self.isEmptyFileInput(part) else { continue }
                images.append(ImageUpload(filename: part.filename ?? "image", contentType: part.contentType, data: Data(part.body.readableBytesView)))
                continue
            }
            guard Self.textParts.contains(part.name), part.body.readableBytes > 0 else { continue }
            guard texts[part.name] == nil else { throw .malformed("The `\(part.name)` part appears more than once; send it once.") }
            guard let text = String(validating: Array(part.body.readableBytesView), as: UTF8.self) else {
                throw .malformed("The `\(part.name)` part is not UTF-8 text.")
            }
            texts[part.name] = text
        }
    }

    /// A file part for no file: no filename (or an empty one, as browsers send) and no bytes. A named file without
    /// bytes is still a photo, and is refused as one.
    private static func isEmptyFileInput(_ part: MultipartForm.Part) -> Bool {
        (part.filename ?? "").isEmpty && part.body.readableBytes == 0
    }

    /// The `password` part as sent (not trimmed: spaces may be part of it); empty when missing.
    var password: String { texts["password"] ?? "" }

    /// Whether the request asks for anything but a password check.
    var hasChanges: Bool { !images.isEmpty || texts.keys.contains { $0 != "password" } }

    /// A new product; every part but `discounted_price` and `stock` (default 0) is required.
    func draft() throws(OpenMarketError) -> ProductDraft {
        let missing = ["title", "descriptions", "price", "currency", "password"].filter { texts[$0] == nil }
        guard missing.isEmpty else {
            throw .malformed("Required parts are missing: " + missing.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        let price = try amount("price") ?? 0
        let sale = try amount("discounted_price")
        return ProductDraft(
            name: texts["title"] ?? "", description: texts["descriptions"] ?? "", price: price, currency: try currency() ?? .krw,
            discountedPrice: try Self.discount(price: price, salePrice: sale), stock: try stock() ?? 0)
    }

    /// The parts sent, as changes to `product`. A v1 server kept the sale price, so a new `price` without a new
    /// `discounted_price` keeps what the buyer pays where the product was discounted.
    func changes(to product: ProductDetail) throws(OpenMarketError) -> ProductChanges {
        let price = try amount("price")
        let sale = try amount("discounted_price")
        var discount: Decimal?
        if let sale {
            discount = try Self.discount(price: price ?? product.price, salePrice: sale)
        } else if let price, product.discountedPrice > 0 {
            discount = try Self.discount(price: price, salePrice: product.bargainPrice)
        }
        return ProductChanges(
            name: texts["title"], description: texts["descriptions"], price: price, currency: try currency(),
            discountedPrice: discount, stock: try stock())
    }

    /// The v2 discount amount for a v1 sale price.
    private static func discount(price: Decimal, salePrice: Decimal?) throws(OpenMarketError) -> Decimal {
        guard let salePrice else { return 0 }
        guard salePrice >= 0, salePrice <= price else {
            throw .invalid([.init(
                field: .discountedPrice,
                message: "`discounted_price` is the price after the discount: it must be between 0 and `price` (\(price)).")])
        }
        return price - salePrice
    }

    private func amount(_ name: String) throws(OpenMarketError) -> Decimal? {
        guard let raw = texts[name]?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard Self.isDecimal(raw), let value = Decimal(string: raw, locale: Locale(identifier: "en_US_POSIX")) else {
            throw .invalid([.init(field: OpenMarketError.Field(rawValue: name), message: "`\(name)` must be a number.")])
        }
        return value
    }

    private func stock() throws(OpenMarketError) -> Int? {
        guard let raw = texts["stock"]?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard let value = Int(raw) else { throw .invalid([.init(field: .stock, message: "`stock` must be a whole number.")]) }
        return value
    }

    private func currency() throws(OpenMarketError) -> Currency? {
        guard let raw = texts["currency"]?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard let currency = Currency(rawValue: raw.uppercased()) else {
            throw .invalid([.init(field: .currency, message: "`currency` must be KRW or USD.")])
        }
        return currency
    }

    /// Digits with at most one decimal point and an optional minus sign: `Decimal(string:)` alone reads `12abc` as 12.
    private static func isDecimal(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(pieces.count)
            && pieces.allSatisfy { !$0.isEmpty && $0.count <= 15 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
