import CVips
import CVipsShim
import Foundation

/// A photo made by libvips — gradients, edges and sensor-like noise — so benchmarks and tests need no photo file.
public enum SyntheticPhoto {
    /// A JPEG of the given size; noise of sigma 5 at quality 92 gives about the 4 MB a phone writes for 12 megapixels.
    public static func jpeg(width: Int32 = 4000, height: Int32 = 3000, noise: Double = 5, quality: Int32 = 92) throws(ImageError) -> Data {
        guard Vips.isStarted else { throw .libraryUnavailable }
        guard let image = om_synthetic_photo(width, height, noise) else { throw .encodeFailed }
        defer { g_object_unref(image) }
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        guard om_jpegsave_keeping_metadata(image, quality, &bytes, &count) == 0, let bytes else { throw .encodeFailed }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { bytes, _ in g_free(bytes) })
    }
}
