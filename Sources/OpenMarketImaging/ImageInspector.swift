import CVips
import CVipsShim
import Foundation

/// Reads what an image is from its content, without decoding its pixels.
public enum ImageInspector {
    /// The format and size of an image, read from its header only.
    ///
    /// The format comes from the bytes themselves (magic numbers, checked by libvips' loaders), never from a
    /// file name or a declared media type. Cheap whatever the image claims to be: a 30000 × 30000 PNG is
    /// reported, not decoded, so `ImageLimits.check(_:)` can refuse it before any pixel exists.
    public static func header(of data: Data) throws(ImageError) -> ImageHeader {
        let result = PNGChunks.essential(data).withUnsafeBytes { bytes in
            Result { () throws(ImageError) in try inspect(bytes).header }
        }
        return try result.get()
    }

    /// The header plus the colour facts the decoder needs; the lazily opened image is closed before returning.
    static func inspect(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> InspectedImage {
        guard Vips.isStarted else { throw .libraryUnavailable }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .notAnImage }
        guard let loader = om_find_loader(base, bytes.count).map({ String(cString: $0) }) else {
            // Not recognised, or recognised only by a loader that is blocked for untrusted input.
            Vips.logFailure(of: "identify")
            throw .notAnImage
        }
        guard let format = ImageFormat(loader: loader) else {
            throw .unsupportedFormat(ImageFormat.formatName(loader: loader))
        }
        guard let image = VipsImageRef(om_open_header(base, bytes.count)) else {
            Vips.logFailure(of: "open header")
            throw .decodeFailed
        }
        let convertsColour = image.hasField("icc-profile-data") || image.interpretation == VIPS_INTERPRETATION_CMYK
        return InspectedImage(
            header: ImageHeader(format: format, width: image.width, height: image.height),
            convertsColour: convertsColour
        )
    }
}

/// A header as `ImageInspector` read it, with the colour facts the decoding step depends on.
struct InspectedImage {
    var header: ImageHeader
    /// An embedded ICC profile or CMYK pixels: the decoder must convert to sRGB through the profile, since the
    /// profile itself is stripped from every output.
    var convertsColour: Bool
}
