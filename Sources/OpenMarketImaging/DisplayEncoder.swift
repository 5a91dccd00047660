import CVipsShim

/// Makes the display JPEG fit the stored-size budget: lower quality step by step, then fewer pixels.
struct DisplayEncoder {
    var maxBytes: Int

    /// `image` is the decoded, upright, sRGB display image in memory.
    func encode(_ image: VipsImageRef) throws(ImageError) -> ImageVariant {
        var current = image
        while true {
            var smallestSize = Int.max
            for quality in EncodingSettings.displayQualities {
                let variant = try ImageEncoder.jpeg(current, quality: quality)
                if variant.data.count <= maxBytes { return variant }
                smallestSize = min(smallestSize, variant.data.count)
            }
            current = try shrunk(current, encodedBytes: smallestSize)
        }
    }

    /// The image scaled so that, at the lowest quality, it should fit: JPEG size goes roughly with the pixel
    /// count, so the side scales with the square root of the size ratio. Never below the minimum display size.
    private func shrunk(_ image: VipsImageRef, encodedBytes: Int) throws(ImageError) -> VipsImageRef {
        let longSide = max(image.width, image.height)
        guard longSide > EncodingSettings.minimumDisplayLongSide else {
            throw .tooLargeAfterShrinking(bytes: encodedBytes, limit: maxBytes)
        }
        let scale = (Double(maxBytes) / Double(encodedBytes)).squareRoot() * EncodingSettings.shrinkMargin
        let target = max(EncodingSettings.minimumDisplayLongSide, min(longSide - 1, Int(Double(longSide) * scale)))
        // In memory, so the next quality steps encode the same pixels instead of resizing again each time.
        guard let smaller = VipsImageRef(om_thumbnail_image(image.pointer, Int32(target), Int32(target)))?.copiedToMemory() else {
            Vips.logFailure(of: "display shrink")
            throw .encodeFailed
        }
        return smaller
    }
}
