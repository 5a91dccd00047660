import CVips
import CVipsShim
import Foundation

/// Encodes images with every metadata field left out, so nothing about the upload (place, camera, time,
/// owner, colour profile) leaves the server.
enum ImageEncoder {
    static func jpeg(_ image: VipsImageRef, quality: Int32) throws(ImageError) -> ImageVariant {
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        guard om_jpegsave(image.pointer, quality, &bytes, &count) == 0, let bytes else {
            Vips.logFailure(of: "JPEG encoding")
            throw .encodeFailed
        }
        return ImageVariant(data: Data(vipsBytes: bytes, count: count), format: .jpeg, width: image.width, height: image.height)
    }

    static func webP(_ image: VipsImageRef, quality: Int32) throws(ImageError) -> ImageVariant {
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        guard om_webpsave(image.pointer, quality, EncodingSettings.webPEffort, &bytes, &count) == 0, let bytes else {
            Vips.logFailure(of: "WebP encoding")
            throw .encodeFailed
        }
        let bare = try WebPContainer.withoutMetadata(Data(vipsBytes: bytes, count: count))
        return ImageVariant(data: bare, format: .webp, width: image.width, height: image.height)
    }
}
