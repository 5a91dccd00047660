import Foundation
import OpenMarketCore
@testable import OpenMarketStore
import Testing

@Suite("Product images")
struct ImageUploadTests {
    @Test("A product needs 1–5 images", arguments: [0, 6])
    func wrongImageCountIsInvalid(count: Int) async throws {
        let test = try await TestMarket()
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.create(images: Array(repeating: TestImages.png(), count: count))
        }

        #expect(error?.kind == .invalid)
        #expect(error?.fields == [.images])
        #expect(try await test.snapshot() == before)
    }

    @Test func fiveImagesAreAccepted() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: Array(repeating: TestImages.png(), count: 5))
        #expect(created.images.count == 5)
        #expect(Set(created.images.map(\.url)).count == 5)
    }

    @Test func imageOneByteOverTheLimitIsTooLarge() async throws {
        let test = try await TestMarket()
        let before = try await test.snapshot()
        let oversize = TestImages.png(size: 300 * 1024 + 1)

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.create(images: [TestImages.jpeg(), oversize])
        }

        #expect(error?.kind == .tooLarge)
        #expect(try await test.snapshot() == before)
        #expect(try await test.rowCount("productImage") == 0)
    }

    @Test func imageOfExactlyTheLimitIsAccepted() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [TestImages.png(size: 300 * 1024)])
        let file = try #require(created.images.first?.url.split(separator: "/").last)
        let stored = try await test.market.image(named: String(file))
        #expect(stored?.bytes.count == 300 * 1024)
    }

    @Test func textIsNotAnImageWhateverItClaims() async throws {
        let test = try await TestMarket()
        let before = try await test.snapshot()

        let error = await #expect(throws: OpenMarketError.self) {
            try await test.create(images: [TestImages.png(), TestImages.text()])
        }

        #expect(error?.kind == .unsupportedMedia)
        #expect(try await test.snapshot() == before)
    }

    @Test func tooShortMagicIsNotAnImage() async throws {
        let test = try await TestMarket()
        // The PNG signature alone, without the 12 bytes the sniffer needs.
        let stub = ImageUpload(filename: "a.png", contentType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let error = await #expect(throws: OpenMarketError.self) { try await test.create(images: [stub]) }
        #expect(error?.kind == .unsupportedMedia)
    }

    @Test func everyImageKindIsServedWithTheTypeSniffedFromItsBytes() async throws {
        let test = try await TestMarket()
        // Names and claimed types lie: the stored type must come from the bytes.
        let uploads = [
            ImageUpload(filename: "a.png", contentType: "image/png", data: TestImages.jpeg().data),
            ImageUpload(filename: "b.jpg", contentType: "image/jpeg", data: TestImages.png().data),
            ImageUpload(filename: "c.webp", contentType: "text/plain", data: TestImages.gif().data),
            ImageUpload(filename: "d.gif", contentType: nil, data: TestImages.webp().data),
        ]

        let created = try await test.create(images: uploads)

        var served: [String] = []
        for image in created.images {
            let origin = try #require(try await test.market.image(named: String(image.url.split(separator: "/").last!)))
            let thumb = try #require(try await test.market.image(named: String(image.thumbnailURL.split(separator: "/").last!)))
            #expect(origin == thumb)
            served.append(origin.mediaType)
        }
        #expect(served == ["image/jpeg", "image/png", "image/gif", "image/webp"])
        let firstURL = try #require(created.images.first?.url)
        let first = try await test.market.image(named: String(firstURL.split(separator: "/").last!))
        #expect(first?.bytes == uploads[0].data)
    }

    @Test func imageURLsTakeTheirExtensionFromTheBytesNotTheFilename() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [
            TestImages.png(filename: "Photo.PNG"), TestImages.jpeg(filename: "shot.jpeg"), TestImages.png(filename: "x.html"),
            TestImages.gif(filename: "noextension"),
        ])

        let pattern = /\/images\/([0-9a-f]{32})_(origin|thumb)\.(png|jpg|gif|webp)/
        for image in created.images {
            let origin = try #require(image.url.wholeMatch(of: pattern))
            let thumb = try #require(image.thumbnailURL.wholeMatch(of: pattern))
            #expect(origin.output.1 == thumb.output.1)
            #expect(origin.output.2 == "origin")
            #expect(thumb.output.2 == "thumb")
        }
        #expect(created.images.map { $0.url.split(separator: ".").last.map(String.init) } == ["png", "jpg", "png", "gif"])
    }

    @Test func anImageIsServedOnlyUnderTheExtensionOfItsBytes() async throws {
        let test = try await TestMarket()
        var disguised = TestImages.png(filename: "x.html")
        disguised.data.append(Data("<script>alert(1)</script>".utf8))
        let created = try await test.create(images: [disguised])
        let url = try #require(created.images.first?.url)
        let key = try #require(url.wholeMatch(of: /\/images\/([0-9a-f]{32})_origin\.png/)?.output.1)
        #expect(try await test.market.image(named: "\(key)_origin.png")?.mediaType == "image/png")
        for other in ["\(key)_origin.html", "\(key)_origin", "\(key)_thumb.htm", "\(key)_origin.png.html", "\(key)_origin.jpg"] {
            #expect(try await test.market.image(named: other) == nil, "\(other)")
        }
    }

    @Test("Unknown or malformed image names find nothing", arguments: [
        "0123456789abcdef0123456789abcdef_origin.png", "notakey_origin.png", "../../etc/passwd", "", "_thumb.png",
    ])
    func unknownImageNameFindsNothing(name: String) async throws {
        let test = try await TestMarket()
        try await test.create()
        #expect(try await test.market.image(named: name) == nil)
    }

    @Test func realSamplePhotosAreAccepted() async throws {
        let test = try await TestMarket()
        let photos = try ["chair-1.png", "chair-2.png", "chair-3.png"].map(TestImages.sample)

        let created = try await test.create(images: photos)

        #expect(created.images.count == 3)
        let last = try await test.market.image(named: String(created.images[2].url.split(separator: "/").last!))
        #expect(last?.bytes == photos[2].data)
        #expect(last?.mediaType == "image/png")
    }
}
