/// What an image's header says, read without decoding any pixel.
public struct ImageHeader: Sendable, Equatable {
    /// The format the content is in, whatever the file was called.
    public var format: ImageFormat
    /// Width as stored, before any EXIF rotation.
    public var width: Int
    /// Height as stored, before any EXIF rotation; for an animated GIF, one frame's height.
    public var height: Int

    /// A header with these values, as `ImageInspector` reports them.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}
