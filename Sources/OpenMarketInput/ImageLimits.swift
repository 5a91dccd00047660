/// How large an uploaded photo may be in pixels, read from its header before anything is decoded or stored.
/// A phone's 48-megapixel photo passes; a 30000 × 30000 "bomb" of a few kilobytes does not.
public enum ImageLimits {
    public static let maxMegapixels = 50
    public static let maxPixels = maxMegapixels * 1_000_000
    public static let maxSide = 12_000

    /// What is wrong with the header's size, if anything.
    public enum Problem: Sendable, Hashable {
        case sideTooLong(width: Int, height: Int)
        case tooManyPixels(width: Int, height: Int)
    }

    public static func problem(with header: ImageHeader) -> Problem? {
        if header.width > maxSide || header.height > maxSide { return .sideTooLong(width: header.width, height: header.height) }
        if header.width * header.height > maxPixels { return .tooManyPixels(width: header.width, height: header.height) }
        return nil
    }
}
