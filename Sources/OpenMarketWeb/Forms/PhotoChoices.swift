import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore

/// The edit form's photos: which of the product's photos stay, in what order, which is the main one, and the new
/// ones after them. Without script every photo has a place to choose and a "remove" box; the script fills in the same.
struct PhotoChoices: Sendable {
    static let removeField = "remove_photo"
    static func placeField(_ imageID: Int) -> String { "photo_place_\(imageID)" }

    /// Why the choices cannot be the product's photos.
    enum Problem: Error, Sendable, Equatable {
        /// Every photo removed and none added.
        case noPhotoLeft
        /// More than a product takes, counting kept and new.
        case tooMany(count: Int)
    }

    /// The ids ticked "remove" that are the product's.
    var removed: Set<Int>
    /// Each photo's chosen place (1-based), by id; a photo without one keeps its own.
    var places: [Int: Int]

    init(removed: Set<Int> = [], places: [Int: Int] = [:]) {
        self.removed = removed
        self.places = places
    }

    init(form: SubmittedForm, product: ProductDetail) {
        let ids = Set(product.images.map(\.id))
        removed = Set(form.values(Self.removeField).compactMap { Int($0) }).intersection(ids)
        places = [:]
        for image in product.images {
            if let place = form[Self.placeField(image.id)].flatMap({ Int($0) }) { places[image.id] = place }
        }
    }

    /// The photos afterwards: those kept in their chosen order (ties in their old order), then the new ones; the main
    /// one is `mainID` when it is kept, else the first. `nil` when nothing changes but perhaps the main photo, which
    /// an ordinary change says.
    func arrangement(of product: ProductDetail, mainID: Int?, adding new: [ImageUpload]) -> Result<PhotoArrangement?, Problem> {
        let kept = product.images.enumerated()
            .filter { !removed.contains($0.element.id) }
            .sorted { (places[$0.element.id] ?? $0.offset + 1, $0.offset) < (places[$1.element.id] ?? $1.offset + 1, $1.offset) }
            .map(\.element.id)
        let count = kept.count + new.count
        if count == 0 { return .failure(.noPhotoLeft) }
        if count > MarketLimits.imageCount.upperBound { return .failure(.tooMany(count: count)) }
        if new.isEmpty && kept == product.images.map(\.id) { return .success(nil) }
        let photos = kept.map { PhotoArrangement.Photo.kept(imageID: $0) } + new.map { .added($0) }
        let main = mainID.flatMap { kept.firstIndex(of: $0) } ?? 0
        return .success(PhotoArrangement(photos: photos, main: main))
    }
}
