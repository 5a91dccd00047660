import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketWeb

/// A staff member's browser in the admin console: opens the sign-in page for the CSRF cookie and token, posts
/// the password, keeps the `admin_session` cookie, and sends both cookies with every later request.
///
/// The router test client always builds its requests with `authority: "localhost"` (a `Host` field in the
/// headers does not change it), and the live client sends `Host: localhost`; both are on the default allow-list.
/// Other host names can only be tried over a raw socket (see `AdminSignInTests`).
struct AdminClient {
    static let password = "admin-pass-1"
    static let sessionCookie = "admin_session"

    var browser: StorefrontBrowser

    init(_ client: any TestClientProtocol) {
        browser = StorefrontBrowser(client)
    }

    /// `TestSupport.configuration()` with the admin password every admin test signs in with.
    static func configuration(dataDirectory: URL = TestSupport.temporaryDirectory()) -> AppConfiguration {
        var config = TestSupport.configuration(dataDirectory: dataDirectory)
        config.adminPassword = password
        return config
    }

    /// A browser that has signed in; the test stops if signing in did not work.
    static func signedIn(_ client: any TestClientProtocol) async throws -> AdminClient {
        var admin = AdminClient(client)
        let response = try await admin.signIn()
        try #require(response.status == .seeOther, "sign-in answered \(response.status): \(response.text.prefix(300))")
        try #require(admin.session != nil, "sign-in set no session cookie")
        return admin
    }

    var session: String? { browser.cookies[Self.sessionCookie] }

    /// Opens `/admin/login` (optionally with `?next=`), then posts the password with the page's token.
    @discardableResult
    mutating func signIn(password: String = AdminClient.password, next: String? = nil) async throws -> TestResponse {
        try await browser.get("/admin/login" + (next.map { "?" + FormEncoding.urlEncoded([("next", $0)]) } ?? ""))
        var fields = [("password", password)]
        if let next { fields.append(("next", next)) }
        return try await browser.post("/admin/login", fields: fields)
    }

    @discardableResult
    mutating func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await browser.get(uri, headers: headers)
    }

    @discardableResult
    mutating func post(_ uri: String, fields: [(String, String)]) async throws -> TestResponse {
        try await browser.post(uri, fields: fields)
    }

    /// The bulk-delete form as the products table posts it: one `ids` field per ticked row.
    @discardableResult
    mutating func askToDelete(_ ids: [Int]) async throws -> TestResponse {
        try await get("/admin/products")
        return try await post("/admin/products/delete", fields: ids.map { ("ids", String($0)) })
    }

    /// The confirmation page's button: every listed id again, to `/admin/products/delete/confirm`.
    @discardableResult
    mutating func confirmDelete(_ ids: [Int]) async throws -> TestResponse {
        try await post("/admin/products/delete/confirm", fields: ids.map { ("ids", String($0)) })
    }
}

/// Reading the admin pages back.
extension TestResponse {
    /// Product ids of the admin table's rows, top to bottom.
    var adminRowIDs: [Int] {
        text.allCaptures(#"<th scope="row"><a href="/admin/products/(\d+)">"#).compactMap(Int.init)
    }

    /// The `<caption>` of the first table on the page.
    var caption: String? { firstCapture(#"<caption>([^<]*)</caption>"#) }

    /// Each row of a history table, as its HTML, newest first.
    var historyRows: [String] {
        guard let body = text.components(separatedBy: "<tbody>").dropFirst().first?.components(separatedBy: "</tbody>").first else { return [] }
        return body.components(separatedBy: "<tr>").dropFirst().map { $0 }
    }

    /// The `next` query parameter of a redirect to the sign-in page, decoded.
    var loginNext: String? {
        guard let location, location.hasPrefix("/admin/login") else { return nil }
        return URLComponents(string: location)?.queryItems?.first { $0.name == "next" }?.value
    }

    /// The body's raw bytes.
    var bytes: [UInt8] { Array(body.readableBytesView) }
}

extension String {
    /// The first capture group of every match, in order.
    func allCaptures(_ pattern: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap { match in
            Range(match.range(at: 1), in: self).map { String(self[$0]) }
        }
    }
}

/// Creates products through the market's REST API as the test vendor, for names the sample data lacks.
enum MarketSeed {
    static func create(
        name: String, description: String = "Seeded for an admin test.", price: String = "1000", stock: String = "5",
        via client: any TestClientProtocol
    ) async throws -> ProductDetail {
        var upload = try UploadBody.valid()
        upload.params = UploadBody.params(name: name, description: description, price: price, discountedPrice: "0", stock: stock)
        let response = try await client.execute(
            uri: "/api/products", method: .post,
            headers: [.identifier: TestSupport.vendor.identifier, .contentType: upload.contentType], body: try upload.buffer())
        try #require(response.status == .created || response.status == .ok, "create answered \(response.status): \(response.text)")
        return try JSONDecoder().decode(ProductDetail.self, from: Data(response.body.readableBytesView))
    }
}

/// The few RFC 4180 rules the export relies on: quoted fields may hold commas, doubled quotes and line breaks;
/// records end with CRLF.
enum CSVReader {
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var inQuotes = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { inQuotes = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "," {
                record.append(field); field = ""
            } else if character == "\r\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
