import OpenMarketTemplating

/// `srcset` lists for a photo the embedded market stored: its thumbnails at each width, in WebP (every current
/// browser) and JPEG (the `<img>` fallback). Photos from a remote market have no variants, so their `srcset`
/// is empty and pages show the one URL they have.
struct PhotoSources: Sendable {
    var webP: String
    var jpeg: String
    var hasVariants: Bool

    /// The widths the market stores (`StoredImage.thumbnailWidths`), named here for URLs only.
    static let widths = [200, 400, 800]
    private static let prefix = SiteURL.imagePathPrefix

    /// From the photo's `_thumb` or `_origin` URL; empty for any other URL.
    init(photoURL url: String) {
        guard let key = Self.key(of: url) else {
            webP = ""
            jpeg = ""
            hasVariants = false
            return
        }
        let base = Self.prefix + key
        webP = Self.widths.map { "\(base)_w\($0).webp \($0)w" }.joined(separator: ", ")
        jpeg = Self.widths.map { "\(base)_w\($0).jpg \($0)w" }.joined(separator: ", ")
        hasVariants = true
    }

    /// The 32-hex key of `/images/{key}_thumb.{ext}` or `/images/{key}_origin.{ext}`, read without a regular
    /// expression (a list page reads twenty of these).
    private static func key(of url: String) -> String? {
        let bytes = Array(url.utf8)
        let prefixBytes = Array(prefix.utf8)
        guard bytes.count > prefixBytes.count + 33, bytes.starts(with: prefixBytes) else { return nil }
        let keyEnd = prefixBytes.count + 32
        let key = bytes[prefixBytes.count..<keyEnd]
        guard key.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        let rest = String(decoding: bytes[keyEnd...], as: UTF8.self)
        guard rest.hasPrefix("_thumb.") || rest.hasPrefix("_origin."), !rest.dropFirst().contains("/") else { return nil }
        return String(decoding: key, as: UTF8.self)
    }
}

extension PhotoSources: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "webP": .text(webP)
        case "jpeg": .text(jpeg)
        case "hasVariants": .bool(hasVariants)
        default: nil
        }
    }
}
