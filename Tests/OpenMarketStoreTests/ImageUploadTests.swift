import Foundation
import GRDB
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketInput
@testable import OpenMarketStore
import Testing

@Suite("Product images", .timeLimit(.minutes(10)))
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

    @Test func imageOfExactlyTheLimitIsAcceptedAndStoredAsItsDisplayImage() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [TestImages.png(size: 300 * 1024)])
        let stored = try #require(try await test.market.image(named: Self.file(created.images[0].url)))
        #expect(stored.mediaType == "image/jpeg")
        #expect(stored.bytes.count < 300 * 1024)
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

    @Test func everyImageKindIsDecodedWhateverItsNameOrClaimedTypeAndStoredAsJPEG() async throws {
        let test = try await TestMarket()
        // Names and claimed types lie: what is stored comes from decoding the bytes.
        let uploads = [
            ImageUpload(filename: "a.png", contentType: "image/png", data: TestImages.jpeg().data),
            ImageUpload(filename: "b.jpg", contentType: "image/jpeg", data: TestImages.png().data),
            ImageUpload(filename: "c.webp", contentType: "text/plain", data: TestImages.gif().data),
            ImageUpload(filename: "d.gif", contentType: nil, data: TestImages.webp().data),
        ]

        let created = try await test.create(images: uploads)

        for image in created.images {
            #expect(image.url.hasSuffix("_origin.jpg") && image.thumbnailURL.hasSuffix("_thumb.jpg"))
            let origin = try #require(try await test.market.image(named: Self.file(image.url)))
            let header = try #require(ImageHeader.read([UInt8](origin.bytes)))
            #expect(origin.mediaType == "image/jpeg" && header.kind == .jpeg)
            #expect(header.width == 64 && header.height == 64, "never enlarged")
            // Narrower than every thumbnail width: one thumbnail of its own width, never enlarged.
            let thumb = try #require(try await test.market.image(named: Self.file(image.thumbnailURL)))
            #expect(thumb.mediaType == "image/jpeg" && ImageHeader.read([UInt8](thumb.bytes))?.width == 64)
        }
    }

    @Test func imageURLsNameTheStoredJPEGNotTheFilename() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [
            TestImages.png(filename: "Photo.PNG"), TestImages.jpeg(filename: "shot.jpeg"), TestImages.png(filename: "x.html"),
            TestImages.gif(filename: "noextension"),
        ])

        let pattern = /\/images\/([0-9a-f]{32})_(origin|thumb)\.jpg/
        for image in created.images {
            let origin = try #require(image.url.wholeMatch(of: pattern))
            let thumb = try #require(image.thumbnailURL.wholeMatch(of: pattern))
            #expect(origin.output.1 == thumb.output.1)
            #expect(origin.output.2 == "origin")
            #expect(thumb.output.2 == "thumb")
        }
    }

    @Test func anImageIsServedOnlyUnderItsOwnNames() async throws {
        let test = try await TestMarket()
        var disguised = TestImages.png(filename: "x.html")
        disguised.data.append(Data("<script>alert(1)</script>".utf8))
        let created = try await test.create(images: [disguised])
        let url = try #require(created.images.first?.url)
        let key = try #require(url.wholeMatch(of: /\/images\/([0-9a-f]{32})_origin\.jpg/)?.output.1)
        let served = try #require(try await test.market.image(named: "\(key)_origin.jpg"))
        #expect(served.mediaType == "image/jpeg")
        #expect(!String(decoding: served.bytes, as: UTF8.self).contains("<script>"), "bytes after the image are not kept")
        for other in [
            "\(key)_origin.html", "\(key)_origin", "\(key)_thumb.htm", "\(key)_origin.jpg.html", "\(key)_origin.png",
            "\(key)_w300.webp", "\(key)_w200.png", "\(key)_w0200.webp", "\(key)_w.webp", "\(key.uppercased())_origin.jpg",
        ] {
            #expect(try await test.market.image(named: other) == nil, "\(other)")
        }
    }

    @Test("Unknown or malformed image names find nothing", arguments: [
        "0123456789abcdef0123456789abcdef_origin.jpg", "notakey_origin.png", "../../etc/passwd", "", "_thumb.png",
    ])
    func unknownImageNameFindsNothing(name: String) async throws {
        let test = try await TestMarket()
        try await test.create()
        #expect(try await test.market.image(named: name) == nil)
    }

    @Test func aPhonePhotoIsTurnedUprightAndLosesItsLocationAndEveryOtherMetadata() async throws {
        let test = try await TestMarket()
        let photo = try TestImages.orientedWithMetadata()
        #expect(photo.data.range(of: Data("Exif".utf8)) != nil, "the fixture carries EXIF")

        let created = try await test.create(images: [photo])

        let image = try #require(created.images.first)
        let key = try #require(image.url.wholeMatch(of: /\/images\/([0-9a-f]{32})_origin\.jpg/)?.output.1)
        let names = ["\(key)_origin.jpg", "\(key)_thumb.jpg", "\(key)_w200.webp", "\(key)_w200.jpg", "\(key)_w800.webp"]
        for name in names {
            let served = try #require(try await test.market.image(named: name), "\(name)")
            for marker in ["Exif", "GPS", "http://ns.adobe.com/xap", "ICC_PROFILE"] {
                #expect(served.bytes.range(of: Data(marker.utf8)) == nil, "\(name) carries \(marker)")
            }
        }
        let origin = try #require(try await test.market.image(named: names[0]))
        let header = try #require(ImageHeader.read([UInt8](origin.bytes)))
        #expect(header.width == 200 && header.height == 300, "upright: \(header.width) × \(header.height)")
        let webp = try #require(try await test.market.image(named: names[2]))
        #expect(webp.mediaType == "image/webp" && ImageHeader.read([UInt8](webp.bytes))?.kind == .webp)
    }

    @Test func thumbnailsAreSmallerThanTheDisplayImageInPixelsAndBytes() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [try TestImages.sample("chair-1.png")])
        let image = try #require(created.images.first)
        let origin = try #require(try await test.market.image(named: Self.file(image.url)))
        let key = String(Self.file(image.url).prefix(32))
        for name in ["\(key)_w200.jpg", "\(key)_w200.webp", "\(image.thumbnailURL.split(separator: "/").last ?? "")"] {
            let thumb = try #require(try await test.market.image(named: name), "\(name)")
            let header = try #require(ImageHeader.read([UInt8](thumb.bytes)))
            #expect(header.width == 200 && header.height == 200, "\(name): \(header.width)")
            #expect(thumb.bytes.count < origin.bytes.count, "\(name)")
        }
        #expect(ImageHeader.read([UInt8](origin.bytes))?.width == 320)
    }

    @Test func aPhotoStoredBeforeProcessingIsProcessedOnItsFirstRequestAndOnlyThen() async throws {
        let test = try await TestMarket()
        let created = try await test.create(images: [TestImages.jpeg()])
        let key = String(Self.file(created.images[0].url).prefix(32))
        // As a database from before processing holds it: the upload's own bytes, EXIF and all, no variants.
        let raw = try TestImages.orientedWithMetadata().data
        try await test.market.database.write { db in
            try db.execute(sql: "UPDATE productImage SET bytes = ?, processedAt = NULL WHERE key = ?", arguments: [raw, key])
            try db.execute(sql: "DELETE FROM productImageVariant")
        }

        let served = try #require(try await test.market.image(named: "\(key)_thumb.jpg"))

        #expect(served.bytes.range(of: Data("GPS".utf8)) == nil)
        let stored = try await test.market.database.read { db in
            try Row.fetchOne(db, sql: "SELECT bytes, processedAt FROM productImage WHERE key = ?", arguments: [key])
        }
        #expect((stored?["processedAt"] as Date?) != nil)
        #expect((stored?["bytes"] as Data?)?.range(of: Data("GPS".utf8)) == nil, "the stored bytes are replaced")
        #expect(try await test.rowCount("productImageVariant") > 0)
        let again = try #require(try await test.market.image(named: "\(key)_origin.jpg"))
        #expect(ImageHeader.read([UInt8](again.bytes))?.height == 300)
    }

    @Test func realSamplePhotosAreAccepted() async throws {
        let test = try await TestMarket()
        let photos = try ["chair-1.png", "chair-2.png", "chair-3.png"].map(TestImages.sample)

        let created = try await test.create(images: photos)

        #expect(created.images.count == 3)
        let last = try await test.market.image(named: Self.file(created.images[2].url))
        #expect(last?.mediaType == "image/jpeg")
    }

    private static func file(_ url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }
}
