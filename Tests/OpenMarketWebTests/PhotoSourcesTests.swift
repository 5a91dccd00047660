import Testing
@testable import OpenMarketWeb

/// The `srcset` lists of a stored photo, written from its URL's bytes: every width in both formats, and nothing for a
/// URL that is not one of the market's own photo names.
@Suite("Photo source sets", .timeLimit(.minutes(1)))
struct PhotoSourcesTests {
    static let key = "0123456789abcdef0123456789abcdef"

    @Test(arguments: ["_thumb.png", "_origin.jpg", "_thumb.webp"])
    func aStoredPhotoListsEveryWidthInBothFormats(name: String) {
        let sources = PhotoSources(photoURL: "/images/\(Self.key)\(name)")
        let base = "/images/\(Self.key)"
        #expect(sources.hasVariants)
        #expect(sources.webP == "\(base)_w200.webp 200w, \(base)_w400.webp 400w, \(base)_w800.webp 800w")
        #expect(sources.jpeg == "\(base)_w200.jpg 200w, \(base)_w400.jpg 400w, \(base)_w800.jpg 800w")
    }

    @Test(arguments: [
        "", "/images/", "https://example.com/images/\(key)_thumb.png", "/images/\(key.uppercased())_thumb.png",
        "/images/\(key)_large.png", "/images/\(key)_thumb.png/../x", "/images/\(key.dropLast())_thumb.png", "/photos/\(key)_thumb.png",
    ])
    func anyOtherAddressHasNone(url: String) {
        let sources = PhotoSources(photoURL: url)
        #expect(!sources.hasVariants && sources.webP.isEmpty && sources.jpeg.isEmpty, "\(url)")
    }
}
