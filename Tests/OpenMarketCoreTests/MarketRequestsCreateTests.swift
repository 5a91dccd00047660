import Foundation
import OpenMarketCore
import Testing

@Suite("MarketRequests: multipart create", .timeLimit(.minutes(10)))
struct MarketRequestsCreateTests {
    let requests = MarketRequests(baseURL: URL(string: "https://market.example.test/")!)
    let credentials = VendorCredentials(identifier: "6c1f3b2e-b8d7-11ed-b1f2-0242ac120002", secret: "<vendor-secret>")
    let draft = ProductDraft(
        name: "Ceramic Mug", description: "Glazed stoneware mug, 350 ml, dishwasher safe.", price: 12000, currency: .krw,
        discountedPrice: 2000, stock: 7
    )
    /// Binary bytes including CR, LF, NUL and 0xFF, which must pass through untouched.
    let jpeg = ImageUpload(filename: "front.jpeg", contentType: "image/jpeg", data: Data([0xFF, 0xD8, 0x00, 0x0D, 0x0A, 0x2D, 0xFF, 0xD9]))
    let png = ImageUpload(filename: "side.png", contentType: "image/png", data: Data((0..<600).map { UInt8($0 % 251) }))

    @Test func createIsAPostWithIdentifierAndMultipartContentType() throws {
        let request = try requests.create(draft, images: [jpeg], credentials: credentials, boundary: "B")

        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://market.example.test/api/products")
        #expect(request.header("identifier") == credentials.identifier)
        #expect(request.header("content-type") == "multipart/form-data; boundary=B")
    }

    @Test func bodyHasOneParamsPartWithTheDraftJSON() throws {
        let request = try requests.create(draft, images: [jpeg, png], credentials: credentials, boundary: "B")

        let parts = try MultipartParts.parse(try #require(request.body), boundary: "B")

        let params = parts.filter { $0.name == "params" }
        #expect(params.count == 1)
        let json = try parsedObject(try #require(params.first).body)
        #expect(params.first?.filename == nil)
        #expect(json == (try parsedObject(draft.wireParams(secret: "<vendor-secret>"))))
        #expect(json == (try Fixture.object("v2-create-params.json")))
        #expect(parts.first?.name == "params")
    }

    @Test func bodyHasOneImagesPartPerImageWithNameTypeAndBytesPreserved() throws {
        let request = try requests.create(draft, images: [jpeg, png], credentials: credentials, boundary: "B")

        let images = try MultipartParts.parse(try #require(request.body), boundary: "B").filter { $0.name == "images" }

        #expect(images.map(\.filename) == ["front.jpeg", "side.png"])
        #expect(images.map { $0.header("Content-Type") } == ["image/jpeg", "image/png"])
        #expect(images.map(\.body) == [jpeg.data, png.data])
    }

    @Test func imageWithoutContentTypeIsSentAsOctetStream() throws {
        let bare = ImageUpload(filename: "3F2A", contentType: nil, data: Data([1, 2, 3]))
        let request = try requests.create(draft, images: [bare], credentials: credentials, boundary: "B")

        let image = try #require(try MultipartParts.parse(request.body!, boundary: "B").last)

        #expect(image.header("Content-Type") == "application/octet-stream")
        #expect(image.filename == "3F2A")
    }

    @Test func bodyMatchesTheContractsWireExample() throws {
        let fixture = try Fixture.text("v2-create-multipart.txt")
        let boundary = "Boundary-7E1C2B3A-0D4F-4A5B-8C6D-9E0F1A2B3C4D"
        let image = ImageUpload(
            filename: "8F3A0C1E-5B6D-4E7F-9A0B-1C2D3E4F5A6B.jpeg", contentType: "image/jpeg", data: Data("<jpeg bytes, <= 300 KB>".utf8)
        )
        let expectedBody = try #require(fixture.range(of: "\r\n\r\n")).upperBound

        let request = try requests.create(
            draft, images: [image], credentials: VendorCredentials(identifier: "<vendor-uuid>", secret: "<vendor-secret>"),
            boundary: boundary
        )

        let body = try #require(request.body)
        let contentType = try #require(request.header("content-type"))
        #expect(String(decoding: body, as: UTF8.self) == String(fixture[expectedBody...]))
        #expect(fixture.contains("Content-Type: \(contentType)\r\n"))
    }

    @Test(arguments: [
        ("evil\".jpg", "evil.jpg"),
        ("a\r\nX-Injected: 1.jpg", "aX-Injected: 1.jpg"),
        ("back\\slash\u{7F}.png", "backslash.png"),
        ("\"\r\n", "image"),
    ])
    func filenameIsSanitisedForTheQuotedHeader(filename: String, sent: String) throws {
        let upload = ImageUpload(filename: filename, contentType: "image/jpeg", data: Data([9, 9]))
        let request = try requests.create(draft, images: [upload], credentials: credentials, boundary: "B")
        let body = try #require(request.body)

        let image = try #require(try MultipartParts.parse(body, boundary: "B").last)

        #expect(image.header("Content-Disposition") == "form-data; name=\"images\"; filename=\"\(sent)\"")
        #expect(image.headers.count == 2)
        #expect(image.body == Data([9, 9]))
        #expect(!String(decoding: body, as: UTF8.self).contains("\r\nX-Injected"))
    }

    @Test func unicodeFilenameIsKept() throws {
        let upload = ImageUpload(filename: "머그컵.jpg", contentType: "image/jpeg", data: Data([1]))
        let request = try requests.create(draft, images: [upload], credentials: credentials, boundary: "B")

        let image = try #require(try MultipartParts.parse(request.body!, boundary: "B").last)

        #expect(image.filename == "머그컵.jpg")
    }
}
