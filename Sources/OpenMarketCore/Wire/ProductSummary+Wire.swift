import Foundation

extension ProductSummary: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, description, thumbnail, currency, price, stock
        case vendorID = "vendor_id"
        case vendorName
        case discountedPrice = "discounted_price"
        case createdAt = "created_at"
        case issuedAt = "issued_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let createdAt = try container.decodeWireDate(forKey: .createdAt)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            vendorID: try container.decode(Int.self, forKey: .vendorID),
            // v2a list items carry neither vendorName nor description.
            vendorName: try container.decodeIfPresent(String.self, forKey: .vendorName) ?? "",
            name: try container.decode(String.self, forKey: .name),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            thumbnailURL: try container.decode(String.self, forKey: .thumbnail),
            currency: try container.decode(Currency.self, forKey: .currency),
            price: try container.decode(Decimal.self, forKey: .price),
            discountedPrice: try container.decodeIfPresent(Decimal.self, forKey: .discountedPrice) ?? 0,
            stock: try container.decode(Int.self, forKey: .stock),
            createdAt: createdAt,
            issuedAt: try container.decodeWireDateIfPresent(forKey: .issuedAt) ?? createdAt
        )
    }

    /// The v2b ("openmarket") list item: snake_case except `vendorName`, prices as floats.
    public var wireJSON: WireJSON {
        .object([
            ("id", .int(id)),
            ("vendor_id", .int(vendorID)),
            ("vendorName", .string(vendorName)),
            ("name", .string(name)),
            ("description", .string(description)),
            ("thumbnail", .string(thumbnailURL)),
            ("currency", .string(currency.rawValue)),
            ("price", .number(price, asFloat: true)),
            ("bargain_price", .number(bargainPrice, asFloat: true)),
            ("discounted_price", .number(discountedPrice, asFloat: true)),
            ("stock", .int(stock)),
            ("created_at", .string(WireDate.string(from: createdAt))),
            ("issued_at", .string(WireDate.string(from: issuedAt))),
        ])
    }
}

extension KeyedDecodingContainer {
    func decodeWireDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = WireDate.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "Not a market date: \(text)")
        }
        return date
    }

    func decodeWireDateIfPresent(forKey key: Key) throws -> Date? {
        try contains(key) ? decodeWireDate(forKey: key) : nil
    }
}
