/// An image format, identified from the file's content by libvips, never from its name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif
    /// HEIF and its relatives (HEIC from phones, AVIF): one libheif loader reads them all.
    case heif

    /// The formats this module produces: every variant is JPEG or WebP, so every browser can show one of them.
    public static let served: [ImageFormat] = [.jpeg, .webp]

    /// The `Content-Type` to serve this format with.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heif"
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .heif: "heic"
        }
    }
}
