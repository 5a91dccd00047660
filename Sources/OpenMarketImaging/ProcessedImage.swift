/// Everything made from one upload: upright, sRGB, and free of any metadata.
public struct ProcessedImage: Sendable, Equatable {
    /// The upload's header, as received.
    public var source: ImageHeader
    /// JPEG, at most `ImageLimits.displayLongSide` on its longest side and `ImageLimits.maxStoredBytes` long.
    public var display: ImageVariant
    /// Each thumbnail width in WebP and in JPEG, narrowest first; never wider than `display`.
    public var thumbnails: [ImageVariant]

    /// A result with these parts, as `ImageProcessor` makes them.
    public init(source: ImageHeader, display: ImageVariant, thumbnails: [ImageVariant]) {
        self.source = source
        self.display = display
        self.thumbnails = thumbnails
    }

    /// The thumbnails in one format, narrowest first.
    public func thumbnails(in format: ImageFormat) -> [ImageVariant] {
        thumbnails.filter { $0.format == format }
    }
}
