import Foundation

/// An image's bytes as served, with the type decided from them.
public struct StoredImage: Sendable, Hashable {
    /// Names this exact file (key and variant) for entity tags.
    public var tag: String
    public var mediaType: String
    public var bytes: Data

    package init(tag: String, mediaType: String, bytes: Data) {
        self.tag = tag
        self.mediaType = mediaType
        self.bytes = bytes
    }

    /// A photo's file name in its URL: `{32 hex}_origin.{ext}` (the display image), `{32 hex}_thumb.{ext}` (the
    /// JPEG thumbnail the v2 API's `thumbnail_url` promises) or `{32 hex}_w{width}.{jpg|webp}` (one width of the
    /// thumbnails, for `srcset`).
    package struct Name {
        package enum Variant: Equatable {
            case origin
            case thumb
            case width(Int, ThumbnailFormat)
        }

        package var key: String
        package var fileExtension: String
        package var variant: Variant

        package init?(_ fileName: String) {
            let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let underscore = parts[0].lastIndex(of: "_") else { return nil }
            let key = parts[0][..<underscore]
            let suffix = parts[0][parts[0].index(after: underscore)...]
            guard key.utf8.count == 32, key.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            self.key = String(key)
            fileExtension = String(parts[1])
            switch suffix {
            case "origin": variant = .origin
            case "thumb": variant = .thumb
            default:
                guard suffix.first == "w", let width = Int(suffix.dropFirst()), String(width) == suffix.dropFirst(),
                    StoredImage.thumbnailWidths.contains(width), let format = ThumbnailFormat(rawValue: fileExtension)
                else { return nil }
                variant = .width(width, format)
            }
        }
    }

    /// The encodings thumbnails are stored in, by file extension.
    package enum ThumbnailFormat: String {
        case jpg
        case webp

        package var mediaType: String { self == .jpg ? "image/jpeg" : "image/webp" }
    }

    /// The widths of stored thumbnails; pages name them in `srcset`.
    public static let thumbnailWidths = [200, 400, 800]
    /// The width `_thumb` serves: sharp in a two-column phone grid and a 240 px desktop card.
    package static let thumbWidth = 400
}

/// Where an image is served: the same bytes under an origin and a thumbnail name, as the API has both URLs.
package struct ImageURL {
    package let origin: String
    package let thumbnail: String

    package init(prefix: String, key: String, fileExtension: String) {
        origin = Self.url(prefix, key, "_origin", fileExtension)
        thumbnail = Self.url(prefix, key, "_thumb", fileExtension)
    }

    /// Only the thumbnail's: what every row of a list shows.
    package static func thumbnail(prefix: String, key: String, fileExtension: String) -> String {
        url(prefix, key, "_thumb", fileExtension)
    }

    /// Written into one string of the right size: a list reads twenty, and interpolation allocated three times each.
    private static func url(_ prefix: String, _ key: String, _ name: String, _ fileExtension: String) -> String {
        var url = ""
        url.reserveCapacity(prefix.utf8.count + key.utf8.count + name.utf8.count + fileExtension.utf8.count + 1)
        url += prefix
        url += key
        url += name
        if !fileExtension.isEmpty {
            url += "."
            url += fileExtension
        }
        return url
    }
}
