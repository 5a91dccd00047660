/// One template's output for one object, rendered once so that it can be written again without rendering:
/// a product card that many list pages show, or the content a page puts in its layout, kept between requests.
///
/// Only ``TemplateLibrary/renderFragment(_:template:)`` makes one, so its bytes went through the same escaping
/// as any other output; a page writes them as they are. An object hands its fragment to a page through
/// ``TemplateObject/renderedFragment``.
public struct RenderedFragment: Sendable, Hashable {
    /// The template it was rendered from, such as `partials/product-card`, or whose parent tag overrides `block`.
    public let template: String
    /// The block of `template`'s parent tag it was rendered from (`content` of `products/index`); nil for a partial.
    public let block: String?
    /// The HTML, as a page writes it (`KeptPages` writes it around the page's own parts).
    public let bytes: [UInt8]
    /// ``ByteDigest/hash(_:)`` of the bytes.
    public let digest: UInt64

    init(template: String, block: String? = nil, bytes: [UInt8]) {
        self.template = template
        self.block = block
        self.bytes = bytes
        digest = bytes.withUnsafeBytes { ByteDigest.hash($0) }
    }

    /// The number of UTF-8 bytes.
    public var byteCount: Int { bytes.count }

    /// The HTML as text.
    public var html: String { String(decoding: bytes, as: UTF8.self) }
}
