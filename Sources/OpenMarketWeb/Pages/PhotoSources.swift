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
        webP = Self.sourceSet(base, suffix: ".webp")
        jpeg = Self.sourceSet(base, suffix: ".jpg")
        hasVariants = true
    }

    /// `{base}_w200.webp 200w, {base}_w400.webp 400w, …`, written into one string.
    private static func sourceSet(_ base: String, suffix: String) -> String {
        var list = ""
        list.reserveCapacity(widths.count * (base.utf8.count + suffix.utf8.count + 14))
        for (index, width) in widths.enumerated() {
            if index > 0 { list += ", " }
            let digits = String(width)
            list += base
            list += "_w"
            list += digits
            list += suffix
            list += " "
            list += digits
            list += "w"
        }
        return list
    }

    private static let prefixBytes = Array(prefix.utf8)
    private static let thumbMark = Array("_thumb.".utf8)
    private static let originMark = Array("_origin.".utf8)

    /// The 32-hex key of `/images/{key}_thumb.{ext}` or `/images/{key}_origin.{ext}`, read without a regular
    /// expression (a list page reads twenty of these).
    private static func key(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            let keyStart = prefixBytes.count
            let keyEnd = keyStart + 32
            guard bytes.count > keyEnd + 1, bytes.starts(with: prefixBytes) else { return nil }
            let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd])
            guard key.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            let rest = bytes[keyEnd...]
            guard rest.starts(with: thumbMark) || rest.starts(with: originMark), !rest.dropFirst().contains(UInt8(ascii: "/")) else {
                return nil
            }
            return String(decoding: key, as: UTF8.self)
        }
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
