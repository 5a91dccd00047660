/// The image formats the market stores, told apart by their bytes, never by a file name or a declared type.
public enum ImageKind: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp

    /// The media type photos of this kind are served with.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// The extension in the photo's URL: from the kind we found, so an uploader's `x.html` never names what we serve.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        }
    }
}
