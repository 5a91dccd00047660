import CVips
import CVipsShim
import Foundation

/// A 12-megapixel JPEG made by libvips, so the benchmark needs no photo file; libvips must be started.
enum SyntheticPhoto {
    struct Failed: Error {}

    /// Noise of sigma 5 at quality 92 gives about the 4 MB a phone writes for 12 megapixels.
    static func jpeg(width: Int32 = 4000, height: Int32 = 3000, noise: Double = 5, quality: Int32 = 92) throws -> Data {
        guard let image = om_synthetic_photo(width, height, noise) else { throw Failed() }
        defer { g_object_unref(image) }
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        guard om_jpegsave_keeping_metadata(image, quality, &bytes, &count) == 0, let bytes else { throw Failed() }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { bytes, _ in g_free(bytes) })
    }
}
