/// Why an image was refused or could not be processed, as codes with parameters: the layer that shows them
/// to people words them.
public enum ImageError: Error, Sendable, Equatable {
    /// No image loader recognises the bytes.
    case notAnImage
    /// A recognised format that is not accepted (for example "tiff" or "svg").
    case unsupportedFormat(String)
    /// `limit` is in pixels.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The width or the height is longer than `limit` pixels.
    case sideTooLong(width: Int, height: Int, limit: Int)
    /// The header or the pixels could not be decoded: truncated or corrupt data.
    case decodeFailed
    /// Even the smallest display size at the lowest quality is larger than `limit` bytes.
    case tooLargeAfterShrinking(bytes: Int, limit: Int)
    /// libvips could not encode a variant; not expected from any input.
    case encodeFailed
    /// libvips could not be started.
    case libraryUnavailable
    /// The task was cancelled or the processor stopped before the image was processed.
    case cancelled

    /// A stable identifier for the case, for message catalogues and logs.
    public var code: String {
        switch self {
        case .notAnImage: "notAnImage"
        case .unsupportedFormat: "unsupportedFormat"
        case .tooManyPixels: "tooManyPixels"
        case .sideTooLong: "sideTooLong"
        case .decodeFailed: "decodeFailed"
        case .tooLargeAfterShrinking: "tooLargeAfterShrinking"
        case .encodeFailed: "encodeFailed"
        case .libraryUnavailable: "libraryUnavailable"
        case .cancelled: "cancelled"
        }
    }
}
