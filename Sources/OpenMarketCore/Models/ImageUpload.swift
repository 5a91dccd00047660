import Foundation

/// One photo to upload with a new product: its bytes and the name and type the sender gave it.
public struct ImageUpload: Sendable, Hashable {
    public var filename: String
    /// The type the sender claimed; the market trusts only the bytes.
    public var contentType: String?
    public var data: Data

    public init(filename: String, contentType: String?, data: Data) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
