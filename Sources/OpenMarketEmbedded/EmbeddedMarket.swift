import Foundation
import OpenMarketCore
import OpenMarketImaging

/// What both embedded markets do alike besides their protocols: the photo limits and how a refused photo is answered,
/// the keys new photos are stored under, and what a fill reports.
public enum EmbeddedMarket {
    /// What a fill added.
    public struct FillReport: Sendable, Hashable {
        public var products: Int
        public var images: Int
        public var seconds: Double

        public init(products: Int, images: Int, seconds: Double) {
            self.products = products
            self.images = images
            self.seconds = seconds
        }
    }

    /// The vendors a fill spreads its products over.
    package static let fillVendorCount = 12

    /// The market's limits: the display image within the API's 300 KB, the thumbnails at the widths pages name.
    package static let imageLimits = ImageLimits(maxStoredBytes: MarketLimits.maxImageBytes, thumbnailWidths: StoredImage.thumbnailWidths)

    /// A refused photo as the API answers it: 415 for what is not a usable image, 422 for too many pixels.
    package static func marketError(_ error: ImageError, position: Int) -> OpenMarketError {
        switch error {
        case .notAnImage, .decodeFailed:
            .unsupportedMedia("Image \(position) could not be read as a JPEG, PNG, GIF, WebP or HEIC image.")
        case .unsupportedFormat:
            // Never the decoder's own name for what it found ("MAGICK"): what the person can send instead.
            .unsupportedMedia("Image \(position) is not a JPEG, PNG, GIF, WebP or HEIC image; send it in one of those formats.")
        case .tooManyPixels(let width, let height, _), .sideTooLong(let width, let height, _):
            .invalid([.init(.imagePixels(position: position, width: width, height: height))])
        case .tooLargeAfterShrinking(let bytes, let limit):
            .tooLarge("Image \(position) is still \(bytes) bytes at the smallest display size; the limit is \(limit) bytes.")
        case .encodeFailed, .libraryUnavailable, .cancelled:
            .storeFailure("Image \(position) could not be processed (\(error.code)).")
        }
    }

    package static func newImageKey() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }
}
