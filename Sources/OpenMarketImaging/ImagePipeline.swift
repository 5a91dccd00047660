import CVips
import CVipsShim
import Foundation

/// One image's whole processing, synchronously, on the calling thread: check, decode, orient, convert,
/// encode. It blocks for tens of milliseconds, so `ImageProcessor` runs it on its own worker threads.
struct ImagePipeline {
    var limits: ImageLimits

    func run(_ data: Data) throws(ImageError) -> ProcessedImage {
        // libvips reads the upload's bytes in place, so every image made from them lives inside this closure.
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageError) in try run(bytes) }
        }
        return try result.get()
    }

    private func run(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ProcessedImage {
        let inspected = try ImageInspector.inspect(bytes)
        try limits.check(inspected.header)
        let display = try decodeDisplay(bytes, convertsColour: inspected.convertsColour)
        return ProcessedImage(
            source: inspected.header,
            display: try DisplayEncoder(maxBytes: limits.maxStoredBytes).encode(display),
            thumbnails: try ThumbnailMaker(widths: limits.thumbnailWidths).make(from: display)
        )
    }

    /// The upright 8-bit sRGB display image without any metadata, in memory; every variant is made from it.
    /// libvips' thumbnail shrinks while loading where the format allows (JPEG by 2, 4 or 8; WebP), so a
    /// 12-megapixel JPEG is never held whole; GIFs give their first frame.
    private func decodeDisplay(_ bytes: UnsafeRawBufferPointer, convertsColour: Bool) throws(ImageError) -> VipsImageRef {
        guard let base = bytes.baseAddress else { throw .notAnImage }
        let side = Int32(clamping: limits.displayLongSide)
        guard let shrunk = VipsImageRef(om_thumbnail_buffer(base, bytes.count, side, side, convertsColour ? 1 : 0)),
            let srgb = VipsImageRef(om_to_srgb8(shrunk.pointer)),
            let bare = VipsImageRef(om_without_metadata(srgb.pointer)),
            let display = bare.copiedToMemory()
        else {
            Vips.logFailure(of: "decode")
            throw .decodeFailed
        }
        return display
    }
}
