import Foundation

/// One encoded output image.
public struct ImageVariant: Sendable, Equatable {
    /// The encoded file, ready to store or serve as it is.
    public var data: Data
    /// JPEG or WebP: serve with `format.mediaType`.
    public var format: ImageFormat
    /// Size in pixels, upright.
    public var width: Int
    public var height: Int

    /// A variant with these values, as `ImageProcessor` makes them.
    public init(data: Data, format: ImageFormat, width: Int, height: Int) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
    }
}
