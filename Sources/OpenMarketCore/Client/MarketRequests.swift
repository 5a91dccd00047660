import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1

/// Pure builders for every request `OpenMarketClient` sends, following the wire contract of the server's
/// generation (v2b "openmarket" unless told otherwise). The first generation's own requests are in
/// `MarketRequests+V1.swift`; the health check and the detail follow the generation here.
public struct MarketRequests: Sendable {
    public var baseURL: URL
    public var generation: MarketGeneration

    public init(baseURL: URL, generation: MarketGeneration = .v2b) {
        self.baseURL = baseURL
        self.generation = generation
    }

    /// v1 servers have no health check: their first page stands in for it.
    public func healthCheck() -> MarketRequest {
        generation == .v1 ? items(page: 1) : MarketRequest(method: .get, url: url(MarketPath.healthChecker.path))
    }

    public func list(_ query: ProductQuery) -> MarketRequest {
        var items = [
            URLQueryItem(name: "page_no", value: String(query.page)),
            URLQueryItem(name: "items_per_page", value: String(query.perPage)),
        ]
        if let search = query.search {
            items.append(URLQueryItem(name: "search_value", value: search))
        }
        return MarketRequest(method: .get, url: url(MarketPath.products.path, query: items))
    }

    public func detail(id: Int) -> MarketRequest {
        generation == .v1 ? item(id: id) : MarketRequest(method: .get, url: url(MarketPath.product(.value(id)).path))
    }

    /// Multipart with one `params` part of raw JSON and one `images` part per photo (no `[]` suffix).
    public func create(
        _ draft: ProductDraft, images: [ImageUpload], credentials: VendorCredentials, boundary: String
    ) throws(OpenMarketError) -> MarketRequest {
        var params = HTTPHeaders()
        params.add(name: "Content-Disposition", value: #"form-data; name="params""#)
        params.add(name: "Content-Type", value: "application/json")
        let paramsJSON = draft.wireParams(secret: credentials.secret, descriptionKey: generation.descriptionKey)
        let parts = [MultipartPart(headers: params, body: ByteBuffer(bytes: paramsJSON.data))] + Self.photoParts(images, named: "images")
        let body = try Self.serialize(parts, boundary: boundary)
        return MarketRequest(
            method: .post,
            url: url(MarketPath.products.path),
            headers: [
                ("identifier", credentials.identifier),
                ("content-type", "multipart/form-data; boundary=\(boundary)"),
            ],
            body: body
        )
    }

    /// One part per photo under `name`, with its filename made safe for a header and its media type.
    static func photoParts(_ images: [ImageUpload], named name: String) -> [MultipartPart] {
        images.map { image in
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="\#(name)"; filename="\#(headerSafe(image.filename))""#)
            headers.add(name: "Content-Type", value: image.contentType ?? "application/octet-stream")
            return MultipartPart(headers: headers, body: ByteBuffer(bytes: image.data))
        }
    }

    static func serialize(_ parts: [MultipartPart], boundary: String) throws(OpenMarketError) -> Data {
        var body = ByteBuffer()
        do {
            try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &body)
        } catch {
            throw .malformed("The request could not be encoded.")
        }
        return Data(body.readableBytesView)
    }

    public func update(id: Int, changes: ProductChanges, credentials: VendorCredentials) -> MarketRequest {
        MarketRequest(
            method: .patch,
            url: url(MarketPath.product(.value(id)).path),
            headers: [("identifier", credentials.identifier), ("content-type", "application/json")],
            body: changes.wireBody(secret: credentials.secret, descriptionKey: generation.descriptionKey).data
        )
    }

    /// First step of a delete: asks for the one-time path the product can be deleted at (v2b), or for the
    /// product secret to delete it with (v2a).
    public func archive(id: Int, credentials: VendorCredentials) -> MarketRequest {
        MarketRequest(
            method: .post,
            url: url(generation == .v2a ? MarketPath.secret(.value(id)).path : MarketPath.archived(.value(id)).path),
            headers: [("identifier", credentials.identifier), ("content-type", "application/json")],
            body: WireJSON.object([("secret", .string(credentials.secret))]).data
        )
    }

    /// Second step of a delete: `path` is the plain-text answer of `archive`, used verbatim as the server means it.
    public func delete(path: String, credentials: VendorCredentials) throws(OpenMarketError) -> MarketRequest {
        let trimmed = path.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"")))
        guard trimmed.hasPrefix("/"), !trimmed.contains(".."), !trimmed.contains("%"), !trimmed.contains("?"), !trimmed.contains("#") else {
            throw .undecodableResponse("The delete path from the server is not a path: \(trimmed.prefix(80))")
        }
        return MarketRequest(method: .delete, url: url(trimmed), headers: [("identifier", credentials.identifier)])
    }

    /// Second step of a v2a delete: `DELETE /api/products/{id}/{product secret}`, the secret being the plain-text
    /// answer of `archive`.
    public func delete(id: Int, productSecret: String, credentials: VendorCredentials) throws(OpenMarketError) -> MarketRequest {
        let token = productSecret.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"")))
        guard !token.isEmpty, token.count <= 200 else {
            throw .undecodableResponse("The product secret from the server is empty or too long.")
        }
        return MarketRequest(
            method: .delete, url: url(MarketPath.productToken(.value(id), .value(token)).path), headers: [("identifier", credentials.identifier)])
    }

    func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        var components = URLComponents(string: base + path) ?? URLComponents()
        if !query.isEmpty {
            components.queryItems = query
            // URLComponents leaves "+" alone, which servers read as a space.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components.url ?? baseURL
    }

    /// Filenames go inside a quoted header parameter: drop what would break the quoting or the header line.
    static func headerSafe(_ filename: String) -> String {
        let cleaned = filename.unicodeScalars.filter { $0 != "\"" && $0 != "\\" && $0.value >= 0x20 && $0.value != 0x7F }
        let result = String(String.UnicodeScalarView(cleaned))
        return result.isEmpty ? "image" : result
    }
}
