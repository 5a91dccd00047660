/// What an uploaded image may be and what the processed variants look like, as named values.
public struct ImageLimits: Sendable, Equatable {
    /// Images with more pixels are refused from their header, before any pixel is decoded: decoding cost and
    /// memory grow with the pixel count, not with the file size (a few-KB PNG can claim 900 megapixels).
    public var maxMegapixels: Int
    /// The longest width or height accepted, whatever the pixel count.
    public var maxSide: Int
    /// The display image's longest side; smaller images keep their size (never enlarged).
    public var displayLongSide: Int
    /// The display image's largest encoded size: the market API accepts images up to 300 KB.
    public var maxStoredBytes: Int
    /// Thumbnail widths; widths larger than the display image are skipped. Empty: no thumbnails.
    public var thumbnailWidths: [Int]

    /// The market's limits; change a field for a stricter or looser use.
    public init(
        maxMegapixels: Int = 50,
        maxSide: Int = 12_000,
        displayLongSide: Int = 1600,
        maxStoredBytes: Int = 300 * 1024,
        thumbnailWidths: [Int] = [200, 400, 800]
    ) {
        self.maxMegapixels = maxMegapixels
        self.maxSide = maxSide
        self.displayLongSide = displayLongSide
        self.maxStoredBytes = maxStoredBytes
        self.thumbnailWidths = thumbnailWidths
    }

    /// `maxMegapixels` in pixels.
    public var maxPixels: Int { maxMegapixels * 1_000_000 }

    /// Refuses a header whose size breaks a limit; the pixel count is checked first, as it is what costs.
    public func check(_ header: ImageHeader) throws(ImageError) {
        // libvips sizes are 32-bit, so the product cannot overflow a 64-bit Int.
        if header.width * header.height > maxPixels {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        if max(header.width, header.height) > maxSide {
            throw .sideTooLong(width: header.width, height: header.height, limit: maxSide)
        }
    }
}
