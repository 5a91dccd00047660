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
        var url = url
        let sets = url.withUTF8 { bytes -> (String, String)? in
            guard let key = Self.keyRange(in: bytes) else { return nil }
            let keyBytes = UnsafeBufferPointer(rebasing: bytes[key])
            return (Self.sourceSet(keyBytes, Self.webPParts), Self.sourceSet(keyBytes, Self.jpegParts))
        }
        guard let sets else {
            webP = ""
            jpeg = ""
            hasVariants = false
            return
        }
        (webP, jpeg) = sets
        hasVariants = true
    }

    /// What follows the key for each width, `_w200.webp 200w`: a source set is `{prefix}{key}{part}` for each, joined by
    /// `, `. Made once; a card then writes each of its two source sets with one allocation and a few copies
    /// (appending its 24 pieces one by one was a third of the time spent making a card).
    private static let webPParts = parts(suffix: ".webp")
    private static let jpegParts = parts(suffix: ".jpg")

    private static func parts(suffix: String) -> [[UInt8]] {
        widths.map { Array("_w\($0)\(suffix) \($0)w".utf8) }
    }

    private static func sourceSet(_ key: UnsafeBufferPointer<UInt8>, _ parts: [[UInt8]]) -> String {
        let separator = Array(", ".utf8)
        let length = parts.reduce(0) { $0 + prefixBytes.count + key.count + $1.count } + separator.count * (parts.count - 1)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<at + bytes.count]).initialize(from: bytes)
                at += bytes.count
            }
            for (index, part) in parts.enumerated() {
                if index > 0 { separator.withUnsafeBufferPointer(put) }
                prefixBytes.withUnsafeBufferPointer(put)
                put(key)
                part.withUnsafeBufferPointer(put)
            }
            return at
        }
    }

    private static let prefixBytes = Array(prefix.utf8)
    private static let thumbMark = Array("_thumb.".utf8)
    private static let originMark = Array("_origin.".utf8)

    /// Where the 32-hex key of `/images/{key}_thumb.{ext}` or `/images/{key}_origin.{ext}` is, read without a regular
    /// expression (a list page reads twenty of these).
    private static func keyRange(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let keyStart = prefixBytes.count
        let keyEnd = keyStart + 32
        guard bytes.count > keyEnd + 1, bytes.starts(with: prefixBytes) else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd])
        guard key.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        let rest = bytes[keyEnd...]
        guard rest.starts(with: thumbMark) || rest.starts(with: originMark), !rest.dropFirst().contains(UInt8(ascii: "/")) else {
            return nil
        }
        return keyStart..<keyEnd
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
