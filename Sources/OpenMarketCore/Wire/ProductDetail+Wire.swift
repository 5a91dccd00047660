import Foundation

extension ProductDetail: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, description, thumbnail, currency, price, stock, images, vendors
        case vendorID = "vendor_id"
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
            name: try container.decode(String.self, forKey: .name),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            thumbnailURL: try container.decode(String.self, forKey: .thumbnail),
            currency: try container.decode(Currency.self, forKey: .currency),
            price: try container.decode(Decimal.self, forKey: .price),
            discountedPrice: try container.decodeIfPresent(Decimal.self, forKey: .discountedPrice) ?? 0,
            stock: try container.decode(Int.self, forKey: .stock),
            createdAt: createdAt,
            issuedAt: try container.decodeWireDateIfPresent(forKey: .issuedAt) ?? createdAt,
            images: try container.decodeIfPresent([Image].self, forKey: .images) ?? [],
            vendor: try container.decode(Vendor.self, forKey: .vendors)
        )
    }

    /// The v2b ("openmarket") detail object, also the body of POST, PATCH and DELETE responses.
    public var wireJSON: WireJSON {
        .object([
            ("id", .int(id)),
            ("vendor_id", .int(vendorID)),
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
            ("images", .array(images.map(\.wireJSON))),
            ("vendors", .object([("id", .int(vendor.id)), ("name", .string(vendor.name))])),
        ])
    }
}

extension ProductDetail.Image: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, url
        case thumbnailURL = "thumbnail_url"
        case issuedAt = "issued_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            url: try container.decode(String.self, forKey: .url),
            thumbnailURL: try container.decode(String.self, forKey: .thumbnailURL),
            issuedAt: try container.decodeWireDateIfPresent(forKey: .issuedAt) ?? Date(timeIntervalSince1970: 0)
        )
    }

    public var wireJSON: WireJSON {
        .object([
            ("id", .int(id)),
            ("url", .string(url)),
            ("thumbnail_url", .string(thumbnailURL)),
            ("issued_at", .string(WireDate.string(from: issuedAt))),
        ])
    }
}

extension ProductDetail.Vendor: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
            createdAt: try container.decodeWireDateIfPresent(forKey: .createdAt))
    }
}
