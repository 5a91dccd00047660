import Foundation
import OpenMarketInput

/// The API's rules for a product's photos: how many, how many bytes, really an image by its bytes, and not too
/// many pixels by its header. The market enforces them; the upload form checks them first to name the file.
public enum ImageRules {
    /// The first broken rule, with the photo's position (1-based) where it is about one photo.
    public enum Problem: Error, Sendable, Hashable {
        case count(Int)
        case tooManyBytes(position: Int, bytes: Int)
        case notAnImage(position: Int)
        case tooManyPixels(position: Int, width: Int, height: Int)
        /// One part carries several image files back to back (see `ImageExtent`).
        case severalImages(position: Int, count: Int)

        /// As the API answers it: 422 for broken rules, 413 for size, 415 for what is not an image.
        public var marketError: OpenMarketError {
            switch self {
            case .count(let count):
                .invalid([.init(.imageCount(count))])
            case .tooManyBytes(let position, let bytes):
                .tooLarge("Image \(position) is \(bytes) bytes; each image may be at most \(MarketLimits.maxImageBytes) bytes (300 KB).")
            case .notAnImage(let position):
                .unsupportedMedia("Image \(position) is not a JPEG, PNG, GIF or WebP image.")
            case .tooManyPixels(let position, let width, let height):
                .invalid([.init(.imagePixels(position: position, width: width, height: height))])
            case .severalImages(let position, let count):
                .invalid([.init(.imagesInOnePart(position: position, count: count))])
            }
        }
    }

    /// How many photos and how many bytes each: the rules that need no look inside. The embedded market checks
    /// only these itself and leaves the kind and the pixels to its decoder, which also reads HEIC.
    public static func checkCountAndSize(_ images: [ImageUpload]) -> Result<Void, Problem> {
        guard MarketLimits.imageCount.contains(images.count) else { return .failure(.count(images.count)) }
        for (index, image) in images.enumerated() where image.data.count > MarketLimits.maxImageBytes {
            return .failure(.tooManyBytes(position: index + 1, bytes: image.data.count))
        }
        return .success(())
    }

    /// What the headers this module reads (JPEG, PNG, GIF, WebP) tell without any decoder: too many pixels (the
    /// first line against bombs), or several files in one part (a decoder would keep the first and drop the rest
    /// without a word). Photos it cannot read are left to the decoder, which checks its own header reading.
    public static func checkContents(_ images: [ImageUpload]) -> Result<Void, Problem> {
        for (index, image) in images.enumerated() {
            let bytes = [UInt8](image.data)
            guard let header = ImageHeader.read(bytes) else { continue }
            if ImageLimits.problem(with: header) != nil {
                return .failure(.tooManyPixels(position: index + 1, width: header.width, height: header.height))
            }
            if let count = ImageExtent.fileCount(bytes), count > 1 { return .failure(.severalImages(position: index + 1, count: count)) }
        }
        return .success(())
    }

    /// The rules for one photo that need no count: its bytes, then what its header tells; `position` says where
    /// it stands among all the product's photos.
    public static func checkOne(_ image: ImageUpload, position: Int) -> Result<Void, Problem> {
        guard image.data.count <= MarketLimits.maxImageBytes else { return .failure(.tooManyBytes(position: position, bytes: image.data.count)) }
        let bytes = [UInt8](image.data)
        guard let header = ImageHeader.read(bytes) else { return .success(()) }
        if ImageLimits.problem(with: header) != nil {
            return .failure(.tooManyPixels(position: position, width: header.width, height: header.height))
        }
        if let count = ImageExtent.fileCount(bytes), count > 1 { return .failure(.severalImages(position: position, count: count)) }
        return .success(())
    }

    /// What a market checks before it writes anything: the count and sizes, then what the headers tell
    /// (`checkContents`), each broken rule as the market's error.
    public static func checkBeforeWriting(_ images: [ImageUpload]) throws(OpenMarketError) {
        try checkCountAndSize(images).mapError { $0.marketError }.get()
        try checkContents(images).mapError { $0.marketError }.get()
    }

    /// The header of each photo, or the first broken rule.
    public static func check(_ images: [ImageUpload]) -> Result<[ImageHeader], Problem> {
        if case .failure(let problem) = checkCountAndSize(images) { return .failure(problem) }
        var headers: [ImageHeader] = []
        for (index, image) in images.enumerated() {
            let bytes = [UInt8](image.data)
            guard let header = ImageHeader.read(bytes) else { return .failure(.notAnImage(position: index + 1)) }
            // A decoder would read the first file and drop the rest without a word: refuse instead.
            if let count = ImageExtent.fileCount(bytes), count > 1 { return .failure(.severalImages(position: index + 1, count: count)) }
            if ImageLimits.problem(with: header) != nil {
                return .failure(.tooManyPixels(position: index + 1, width: header.width, height: header.height))
            }
            headers.append(header)
        }
        return .success(headers)
    }
}
