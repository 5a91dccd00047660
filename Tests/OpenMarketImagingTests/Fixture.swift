import CVips
import CVipsShim
import Foundation
@testable import OpenMarketImaging

/// The image files committed under `Fixtures/` (made by `scripts/make-image-fixtures.py`), read from the
/// source tree, and images made at test time by libvips when they would be too large to commit.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: name))
    }

    struct SynthesisFailed: Error {}

    /// A photo-like JPEG of `width` x `height` (gradients, edges, gaussian noise of `noise`), as a camera
    /// writes it: quality 92, no metadata.
    static func syntheticJPEG(width: Int32, height: Int32, noise: Double, quality: Int32 = 92) throws -> Data {
        guard Vips.isStarted, let image = om_synthetic_photo(width, height, noise) else { throw SynthesisFailed() }
        defer { g_object_unref(image) }
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        guard om_jpegsave_keeping_metadata(image, quality, &bytes, &count) == 0, let bytes else { throw SynthesisFailed() }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { bytes, _ in g_free(bytes) })
    }

    /// A 12-megapixel noisy photo, made once for all tests that need one (about a second in a debug build).
    static let noisyTwelveMegapixels: Result<Data, any Error> = Result {
        try syntheticJPEG(width: 4000, height: 3000, noise: 24)
    }

    /// A 2000 × 1500 noisy photo, for tests that only need one too large for a small byte budget.
    static let noisyThreeMegapixels: Result<Data, any Error> = Result {
        try syntheticJPEG(width: 2000, height: 1500, noise: 24)
    }

    /// `jpeg` with its frame header (SOF0) claiming another size: the pixels stay those of the small image.
    static func claimingSize(_ jpeg: Data, width: UInt16, height: UInt16) -> Data? {
        var bytes = [UInt8](jpeg)
        // SOF0 is FF C0, then length (2), precision (1), height (2), width (2).
        guard let marker = (0..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else { return nil }
        bytes[marker + 5] = UInt8(height >> 8)
        bytes[marker + 6] = UInt8(height & 0xFF)
        bytes[marker + 7] = UInt8(width >> 8)
        bytes[marker + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }
}

extension Fixture {
    /// The committed JPEG `name` enlarged `factor` times by repeating its pixels, with its EXIF and ICC profile:
    /// a large photo whose colours and orientation are known.
    static func enlarged(_ name: String, by factor: Int32) throws -> Data {
        let small = try data(name)
        let large = small.withUnsafeBytes { bytes -> UnsafeMutablePointer<VipsImage>? in
            guard let base = bytes.baseAddress, let image = om_open_header(base, bytes.count) else { return nil }
            defer { g_object_unref(image) }
            return om_enlarged(image, factor)
        }
        guard let large else { throw SynthesisFailed() }
        defer { g_object_unref(large) }
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        guard om_jpegsave_keeping_metadata(large, 95, &bytes, &count) == 0, let bytes else { throw SynthesisFailed() }
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { bytes, _ in g_free(bytes) })
    }
}
