import Foundation
import HTTPTypes
import HummingbirdTesting
import MultipartKit
import NIOCore
import NIOHTTP1
import OpenMarketCore
import Testing

/// A browser without JavaScript: keeps the cookies the site sets and sends them back, reads the `_csrf` hidden
/// input of the last page, and posts forms with it, as a person clicking through the storefront would.
struct StorefrontBrowser {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    /// The `_csrf` hidden input of the last page that had a form.
    var formToken: String?
    /// Sent with every request (for example `Accept-Language`).
    var defaultHeaders: HTTPFields

    init(_ client: any TestClientProtocol, headers: HTTPFields = [:]) {
        self.client = client
        self.defaultHeaders = headers
    }

    @discardableResult
    mutating func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        let response = try await client.execute(uri: uri, method: .get, headers: requestHeaders(headers))
        absorb(response)
        return response
    }

    /// Posts an `application/x-www-form-urlencoded` form; the page's `_csrf` token is added unless `fields` has one.
    @discardableResult
    mutating func post(_ uri: String, fields: [(String, String)], headers: HTTPFields = [:]) async throws -> TestResponse {
        var all = fields
        if !fields.contains(where: { $0.0 == "_csrf" }), let formToken { all.insert(("_csrf", formToken), at: 0) }
        var merged = headers
        merged[.contentType] = "application/x-www-form-urlencoded"
        return try await send(uri, body: ByteBuffer(string: FormEncoding.urlEncoded(all)), headers: merged)
    }

    /// Posts the upload form as a browser does: `multipart/form-data` with the page's `_csrf` token.
    @discardableResult
    mutating func upload(_ form: ProductUploadForm, headers: HTTPFields = [:]) async throws -> TestResponse {
        var merged = headers
        merged[.contentType] = form.contentType
        return try await send(SiteURLs.products, body: try form.buffer(csrf: form.csrf ?? formToken ?? ""), headers: merged)
    }

    @discardableResult
    mutating func send(_ uri: String, body: ByteBuffer, headers: HTTPFields) async throws -> TestResponse {
        let response = try await client.execute(uri: uri, method: .post, headers: requestHeaders(headers), body: body)
        absorb(response)
        return response
    }

    /// Posts a form with files as a browser does (`multipart/form-data`, the page's `_csrf` token first): fields in
    /// their order, then each photo under `images`.
    @discardableResult
    mutating func postMultipart(_ uri: String, fields: [(String, String)], images: [UploadBody.Image] = []) async throws -> TestResponse {
        let boundary = "----OpenMarketFormBoundary\(UUID().uuidString.prefix(8))"
        var all = fields
        if !fields.contains(where: { $0.0 == "_csrf" }), let formToken { all.insert(("_csrf", formToken), at: 0) }
        let buffer = try ProductUploadForm.multipart(fields: all, images: images, boundary: boundary)
        return try await send(uri, body: buffer, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"])
    }

    /// Opens the upload form, posts it and returns the new product's id from the redirect.
    mutating func listProduct(_ form: ProductUploadForm) async throws -> Int {
        try await get(SiteURLs.newProduct)
        let response = try await upload(form)
        try #require(response.status == .seeOther, "upload refused: \(response.status)")
        return try #require(response.location.flatMap(SiteURLs.productID(fromLocation:)))
    }

    private func requestHeaders(_ extra: HTTPFields) -> HTTPFields {
        var headers = defaultHeaders
        for field in extra { headers[field.name] = field.value }
        if !cookies.isEmpty, headers[.cookie] == nil {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        return headers
    }

    /// Applies `Set-Cookie` like a browser: `Max-Age=0` removes the cookie.
    private mutating func absorb(_ response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            guard let pair = header.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
            let value = String(pair[pair.index(after: equals)...])
            if header.contains("Max-Age=0") || value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
        }
        if let token = response.formToken { formToken = token }
    }
}

/// The storefront's paths as the tests use them.
enum SiteURLs {
    static let products = "/products"
    static let newProduct = "/products/new"
    static func product(_ id: Int) -> String { "/products/\(id)" }
    static func edit(_ id: Int) -> String { "/products/\(id)/edit" }
    static func delete(_ id: Int) -> String { "/products/\(id)/delete" }

    static func productID(fromLocation location: String) -> Int? {
        guard location.hasPrefix("/products/") else { return nil }
        return Int(location.dropFirst("/products/".count))
    }
}

enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func urlEncoded(_ fields: [(String, String)]) -> String {
        fields.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value)
        }.joined(separator: "&")
    }
}

/// The upload form's fields and photos, serialised with MultipartKit as a browser would send them.
struct ProductUploadForm {
    var name = "손으로 빚은 찻잔"
    var description = "직접 빚어 구운 찻잔입니다.\n전자레인지에 써도 됩니다."
    var price = "15000"
    var currency = "KRW"
    var discountedPrice = "0"
    var stock = "3"
    var password = "teacup-2024"
    /// The seller's nickname; `nil` leaves the field out, as a form from before nicknames would.
    var sellerName: String? = "찻잔공방"
    /// Sent after the form's own fields, as a tampered form would.
    var extraFields: [(String, String)] = []
    /// `nil` uses the browser's token from the last page.
    var csrf: String?
    var images: [UploadBody.Image]
    var boundary = "----OpenMarketFormBoundary\(UUID().uuidString.prefix(8))"

    static func valid(photos: Int = 2) throws -> ProductUploadForm {
        let names = ["mug-1.png", "plant-1.png", "tent-1.png", "kettle-1.png", "books-1.png", "chair-1.png"]
        let images = try (0..<photos).map { index in
            let file = names[index % names.count]
            return UploadBody.Image(filename: file, contentType: "image/png", data: try TestSupport.sampleImage(file))
        }
        return ProductUploadForm(images: images)
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    func buffer(csrf: String) throws -> ByteBuffer {
        let fields = [
            ("_csrf", csrf), ("name", name), ("description", description), ("price", price), ("currency", currency),
            ("discounted_price", discountedPrice), ("stock", stock), ("password", password),
        ] + (sellerName.map { [("seller_name", $0)] } ?? []) + extraFields
        return try Self.multipart(fields: fields, images: images, boundary: boundary)
    }

    /// A `multipart/form-data` body as browsers send it: the fields in their order, then each photo under `images`.
    static func multipart(fields: [(String, String)], images: [UploadBody.Image], boundary: String) throws -> ByteBuffer {
        var parts = fields.map { name, value in
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="\#(name)""#)
            return MultipartPart(headers: headers, body: ByteBuffer(string: value))
        }
        for image in images {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="images"; filename="\#(image.filename)""#)
            if let contentType = image.contentType { headers.add(name: "Content-Type", value: contentType) }
            parts.append(MultipartPart(headers: headers, body: ByteBuffer(bytes: image.data)))
        }
        var buffer = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        return buffer
    }
}

/// Reads the market through its JSON API, as an app would, to check what a form really changed.
enum MarketProbe {
    static func product(_ id: Int, via client: any TestClientProtocol) async throws -> ProductDetail? {
        let response = try await client.execute(uri: "/api/products/\(id)", method: .get)
        if response.status == .notFound { return nil }
        try #require(response.status == .ok, "GET /api/products/\(id) answered \(response.status)")
        return try JSONDecoder().decode(ProductDetail.self, from: Data(response.body.readableBytesView))
    }

    static func products(via client: any TestClientProtocol) async throws -> [ProductSummary] {
        let response = try await client.execute(uri: "/api/products?page_no=1&items_per_page=100", method: .get)
        return try JSONDecoder().decode(ProductPage.self, from: Data(response.body.readableBytesView)).products
    }

    static func product(named name: String, via client: any TestClientProtocol) async throws -> ProductDetail {
        let summary = try #require(try await products(via: client).first { $0.name == name }, "no sample product named \(name)")
        return try #require(try await product(summary.id, via: client))
    }
}

extension ProductDetail {
    /// The edit form as it comes pre-filled for this product, with some fields changed.
    func editFields(password: String, changing changes: [String: String] = [:]) -> [(String, String)] {
        let fields = [
            ("name", name), ("description", description), ("price", "\(price)"), ("currency", currency.rawValue),
            ("discounted_price", "\(discountedPrice)"), ("stock", String(stock)),
            ("thumbnail_id", thumbnailImageID.map(String.init) ?? ""), ("password", password),
        ]
        return fields.map { ($0.0, changes[$0.0] ?? $0.1) }
    }
}

extension TestResponse {
    var location: String? { headers[.location] }

    /// The whole `Set-Cookie` header for one cookie, attributes included.
    func setCookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix(name + "=") }
    }

    /// The `_csrf` hidden input of the page's form.
    var formToken: String? {
        firstCapture(#"name="_csrf" value="([^"]*)""#)
    }

    var productCardCount: Int { occurrences(of: "<li class=\"product-card") }

    func occurrences(of needle: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    func firstCapture(_ pattern: String) -> String? {
        text.firstCapture(pattern)
    }

    /// The opening tag of the element with this id, to check its attributes.
    func tag(withID id: String) -> String? {
        firstCapture(#"(<[a-z]+ [^>]*id="\#(id)"[^>]*>)"#)
    }
}

extension String {
    /// The first capture group of the first match.
    func firstCapture(_ pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: self, range: NSRange(startIndex..., in: self)), match.numberOfRanges > 1,
            let range = Range(match.range(at: 1), in: self)
        else { return nil }
        return String(self[range])
    }
}
