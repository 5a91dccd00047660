import Foundation

/// A product's photo as the market serves it: the display image, already processed (upright, no metadata).
public struct KeptPhoto: Sendable, Hashable {
    public var mediaType: String
    public var data: Data

    public init(mediaType: String, data: Data) {
        self.mediaType = mediaType
        self.data = data
    }
}

/// What listing a deleted product again needs beyond its fields, read before it is deleted.
public struct ProductKeepsake: Sendable, Hashable {
    /// Its photos in order.
    public var photos: [KeptPhoto]
    /// The position of its main photo among them.
    public var mainPosition: Int
    /// Its own password's bcrypt hash, if it had one.
    public var passwordHash: String?

    public init(photos: [KeptPhoto], mainPosition: Int, passwordHash: String?) {
        self.photos = photos
        self.mainPosition = mainPosition
        self.passwordHash = passwordHash
    }
}

/// A product's own password, written with the product, and the creation key its history knows it by. A product
/// listed again without a password of its own still carries the key.
package struct OwnPassword: Sendable {
    package var hash: String?
    package var creationKey: String

    package init(hash: String?, creationKey: String) {
        self.hash = hash
        self.creationKey = creationKey
    }
}
