import CVips
import CVipsShim

/// Makes the thumbnails from the display image, which is already decoded, upright and sRGB.
struct ThumbnailMaker {
    var widths: [Int]

    /// The widths made for an image `width` pixels wide: never wider than it, but at least one when any are asked for.
    func widths(forImageWidth width: Int) -> [Int] {
        // No widths asked for: no thumbnails (the upload form only needs the display image).
        guard !widths.isEmpty else { return [] }
        let fitting = Set(widths.filter { $0 > 0 && $0 <= width }).sorted()
        return fitting.isEmpty ? [width] : fitting
    }

    /// WebP then JPEG for each width, narrowest first.
    func make(from display: VipsImageRef) throws(ImageError) -> [ImageVariant] {
        var variants: [ImageVariant] = []
        var source = display
        // Widest first, each made from the previous one: shrinking 800 px to 400 costs a quarter of shrinking
        // 1600 px to 400, and a lanczos reduction of at most a few times loses no visible detail.
        for width in widths(forImageWidth: display.width).reversed() {
            // Height unbounded: thumbnails line up by width in grids; the display size already bounds the height.
            guard let thumbnail = VipsImageRef(om_thumbnail_image(source.pointer, Int32(width), VIPS_MAX_COORD))?.copiedToMemory()
            else {
                Vips.logFailure(of: "thumbnail")
                throw .encodeFailed
            }
            let jpeg = try ImageEncoder.jpeg(thumbnail, quality: EncodingSettings.thumbnailJPEGQuality)
            variants.insert(contentsOf: [try ImageEncoder.webP(thumbnail, quality: EncodingSettings.thumbnailWebPQuality), jpeg], at: 0)
            source = thumbnail
        }
        return variants
    }
}
