import CVips
import Foundation

/// Owns one reference to a libvips image and drops it when released.
///
/// Not `Sendable`: an image is created, used and released on one worker thread.
final class VipsImageRef {
    let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes over a reference returned by libvips; nil when libvips returned none (a failure).
    init?(_ pointer: UnsafeMutablePointer<VipsImage>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }

    /// Whether the image carries a metadata field (for example "icc-profile-data" or "exif-data").
    func hasField(_ name: String) -> Bool {
        vips_image_get_typeof(pointer, name) != 0
    }

    var interpretation: VipsInterpretation { vips_image_get_interpretation(pointer) }

    /// Renders the whole pipeline behind this image into memory: the pixels are decoded here.
    func copiedToMemory() -> VipsImageRef? {
        VipsImageRef(vips_image_copy_memory(pointer))
    }
}

extension Data {
    /// Takes over bytes allocated by libvips (GLib), without copying them.
    init(vipsBytes: UnsafeMutableRawPointer, count: Int) {
        self.init(bytesNoCopy: vipsBytes, count: count, deallocator: .custom { bytes, _ in g_free(bytes) })
    }
}
