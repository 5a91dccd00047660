import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenMarketCore
import Testing
@testable import OpenMarketImaging
@testable import OpenMarketWeb

/// A small PNG carrying a compressed text chunk that inflates to hundreds of megabytes: its text is never inflated,
/// so the photo costs what its pixels cost.
@Suite("PNG text bombs", .timeLimit(.minutes(10)))
struct PNGTextBombTests {
    @Test func theDecoderNeverSeesAPNGsTextOrPrivateChunks() throws {
        let plain = PNGTextBomb.plainPNG()
        #expect(PNGChunks.essential(plain) == plain, "nothing to leave out: the very same bytes")
        let bomb = PNGTextBomb.make(around: plain, megabytes: 1)
        #expect(bomb.count > plain.count)
        #expect(PNGChunks.essential(bomb) == plain)
        let withOthers = Data(Array(plain)[0..<33] + PNGTextBomb.chunk("tEXt", Array("Author\0me".utf8)) + PNGTextBomb.chunk("gAMA", [0, 0, 0xB1, 0x8F])
            + PNGTextBomb.chunk("prVt", [1, 2, 3]) + Array(plain)[33...])
        let kept = PNGChunks.essential(withOthers)
        #expect(kept.count == plain.count + 16, "gAMA stays, text and private chunks go")
        // Not a PNG, or chunks that run past the end: left as they are, for the decoder to judge.
        let truncated = bomb.prefix(100)
        #expect(PNGChunks.essential(truncated) == truncated)
        #expect(PNGChunks.essential(Data("GIF89a".utf8)) == Data("GIF89a".utf8))
    }

    /// Five 250 MB text bombs in one API upload of about 1.2 MB cost what five plain 8 × 8 photos cost (each bomb
    /// used to take a second of CPU). Timed against the plain upload on the same machine, so a busy machine slows both.
    @Test(.timeLimit(.minutes(5))) func fivePNGTextBombsInOneUploadCostWhatTheirPixelsCost() async throws {
        let plain = PNGTextBomb.plainPNG()
        let bomb = PNGTextBomb.make(around: plain, megabytes: 250)
        #expect((200_000...MarketLimits.maxImageBytes).contains(bomb.count), "\(bomb.count) bytes")
        try await TestSupport.withEmbeddedApp { client, _ in
            func upload(_ photo: Data) async throws -> Duration {
                let body = UploadBody(
                    params: UploadBody.params(),
                    images: (1...5).map { UploadBody.Image(filename: "note-\($0).png", contentType: "image/png", data: photo) })
                let started = ContinuousClock.now
                let response = try await client.execute(
                    uri: "/api/products", method: .post, headers: [.identifier: TestSupport.vendor.identifier, .contentType: body.contentType],
                    body: try body.buffer())
                #expect(response.status == .created, "\(String(buffer: response.body).prefix(300))")
                return ContinuousClock.now - started
            }
            let baseline = try await upload(plain)
            let bombs = try await upload(bomb)
            #expect(bombs < baseline * 3 + .seconds(1), "plain photos took \(baseline), the bombs \(bombs)")
        }
    }
}
