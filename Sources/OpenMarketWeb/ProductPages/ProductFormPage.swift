import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// The upload form (`/products/new`) and the edit form (`/products/{id}/edit`): one template, two modes.
struct ProductFormPage: PageModel {
    static let templateName = "products/form"

    /// A field's ids and its error, so the template ties label, hint and message together for screen readers.
    struct FieldState: Sendable {
        var id: String
        var hintID: String
        var errorID: String
        var error: String?
        var hasError: Bool
        var describedBy: String

        init(_ field: FormField, errors: FieldErrors, hasHint: Bool = true) {
            id = "field-\(field.rawValue)"
            hintID = id + "-hint"
            errorID = id + "-error"
            error = errors[field]
            hasError = error != nil
            describedBy = [hasHint ? hintID : nil, hasError ? errorID : nil].compactMap { $0 }.joined(separator: " ")
        }
    }

    struct SummaryItem: Sendable {
        var fieldID: String
        var message: String
    }

    /// A field someone else changed while the form was open.
    struct ConflictRow: Sendable {
        var label: String
        var shown: String
        var now: String
        var yoursKept: Bool
    }

    /// A photo kept from the form's last submit, with its "remove" checkbox.
    struct KeptPhoto: Sendable {
        var token: String
        var inputID: String
        var url: String
        var alt: String
    }

    /// One of the product's photos on the edit form of the embedded market: main, place and "remove".
    struct PhotoRow: Sendable {
        var imageID: Int
        var url: String
        var alt: String
        var mainID: String
        var placeID: String
        var placeName: String
        var removeID: String
        var isMain: Bool
        var isRemoved: Bool
        var places: [SelectOption]
    }

    struct ThumbnailChoice: Sendable {
        var imageID: Int
        var inputID: String
        var url: String
        var alt: String
        var isChecked: Bool
    }

    var context: PageContext
    var heading: String
    var isEdit: Bool
    /// The admin console's edit form: no password, the admin acts with the owner's authority.
    var isAdmin: Bool
    /// The console's header and navigation around the admin's form.
    var admin: AdminLayout?
    var action: String
    var enctype: String
    var submitLabel: String
    var cancelURL: String
    var values: ProductFormInput
    var currencies: [SelectOption]
    var thumbnails: [ThumbnailChoice]
    /// The edit form offers the main photo's choice where the market can make another photo the main one.
    var choosesMainPhoto: Bool
    /// The edit form of the embedded market, which can arrange photos: each photo's row, and new photos to add.
    var editsPhotos: Bool
    var photoRows: [PhotoRow]
    /// On an edit form that cannot arrange photos, why: the console's, or the remote market's.
    var photosNote: String?
    var name: FieldState
    var description: FieldState
    var price: FieldState
    var currency: FieldState
    var discountedPrice: FieldState
    var stock: FieldState
    var seller: FieldState
    /// Stock, discount and currency are folded under "추가 설정" unless they hold a change or an error.
    var moreSettingsOpen: Bool
    var sellerMax = SellerNames.lengths.upperBound
    var images: FieldState
    var password: FieldState
    var thumbnail: FieldState
    var summary: [SummaryItem]
    var hasErrors: Bool
    var summaryTitle: String
    var notice: String?
    var mustRechoosePhotos: Bool
    /// The upload form's kept photos and the hidden field naming them.
    var keptPhotos: [KeptPhoto]
    var hasKeptPhotos: Bool
    var draftKey: String?
    var writesDisabled: Bool
    /// The hidden `shown` field of an edit form.
    var shownField: String?
    var conflict: [ConflictRow]
    var hasConflict: Bool
    var nameMin = MarketLimits.nameLength.lowerBound
    var nameMax = MarketLimits.nameLength.upperBound
    var descriptionMin = MarketLimits.descriptionLength.lowerBound
    var descriptionMax = MarketLimits.descriptionLength.upperBound
    var maxImages = MarketLimits.imageCount.upperBound
    var maxImageBytes = MarketLimits.maxImageBytes
    /// Storefront passwords: short enough to type, long enough not to guess at once; bcrypt reads 72 bytes.
    var passwordMin = WebLimits.productPasswordLength.lowerBound
    var passwordMaxBytes = MarketLimits.maxSecretBytes

    init(
        context: PageContext, values: ProductFormInput, product: ProductDetail?, errors: FieldErrors = FieldErrors(),
        notice: String? = nil, writesDisabled: Bool, isAdmin: Bool = false, canChooseMainPhoto: Bool = true,
        canArrangePhotos: Bool = false, photoChoices: PhotoChoices? = nil, rechoosePhotos: Bool = false,
        conflict: EditConflict? = nil, draft: PhotoDrafts.Draft? = nil
    ) {
        let strings = context.strings
        self.context = context
        isEdit = product != nil
        self.isAdmin = isAdmin
        admin = isAdmin ? AdminLayout(language: context.language) : nil
        heading = product == nil ? strings[.newTitle] : strings[.editTitle]
        action = product.map { isAdmin ? SiteURL.admin(.editProduct(.value($0.id))).link : SiteURL.editProduct(.value($0.id)).link } ?? SiteURL.products().link
        editsPhotos = product != nil && canArrangePhotos && !isAdmin
        // An edit form that cannot add photos carries no files, so it posts plainly encoded.
        enctype = product == nil || editsPhotos ? "multipart/form-data" : "application/x-www-form-urlencoded"
        submitLabel = product == nil ? strings[.submitCreate] : strings[.submitUpdate]
        cancelURL = product.map { isAdmin ? SiteURL.admin(.product(.value($0.id))).link : SiteURL.product(.value($0.id)).link } ?? SiteURL.products().link
        self.values = values
        currencies = [
            SelectOption(value: Currency.krw.rawValue, label: strings[.currencyKRW], isSelected: values.currency != Currency.usd.rawValue),
            SelectOption(value: Currency.usd.rawValue, label: strings[.currencyUSD], isSelected: values.currency == Currency.usd.rawValue),
        ]
        let count = product?.images.count ?? 0
        choosesMainPhoto = product != nil && canChooseMainPhoto && !editsPhotos
        photosNote = product == nil || editsPhotos ? nil : isAdmin ? strings[.photosConsoleNote]
            : canChooseMainPhoto ? strings[.photosCannotChange] : strings[.photosFixed]
        let arranged = editsPhotos ? product?.images ?? [] : []
        photoRows = arranged.enumerated().map { offset, image in
            let place = photoChoices?.places[image.id] ?? offset + 1
            return PhotoRow(
                imageID: image.id, url: image.thumbnailURL,
                alt: strings.photoAlt(name: product?.name ?? "", index: offset + 1, count: count),
                mainID: "thumbnail-\(image.id)", placeID: "photo-place-\(image.id)", placeName: PhotoChoices.placeField(image.id),
                removeID: "remove-image-\(image.id)", isMain: String(image.id) == values.thumbnailID,
                isRemoved: photoChoices?.removed.contains(image.id) ?? false,
                places: (1...arranged.count).map { SelectOption(value: String($0), label: String($0), isSelected: $0 == place) })
        }
        thumbnails = (choosesMainPhoto ? product?.images ?? [] : []).enumerated().map { offset, image in
            ThumbnailChoice(
                imageID: image.id, inputID: "thumbnail-\(image.id)", url: image.thumbnailURL,
                alt: strings.photoAlt(name: product?.name ?? "", index: offset + 1, count: count),
                isChecked: String(image.id) == values.thumbnailID)
        }
        name = FieldState(.name, errors: errors)
        description = FieldState(.description, errors: errors)
        price = FieldState(.price, errors: errors)
        currency = FieldState(.currency, errors: errors, hasHint: false)
        discountedPrice = FieldState(.discountedPrice, errors: errors)
        stock = FieldState(.stock, errors: errors)
        seller = FieldState(.seller, errors: errors)
        moreSettingsOpen = product != nil || values.changesMoreSettings || [FormField.stock, .discountedPrice, .currency].contains { errors[$0] != nil }
        images = FieldState(.images, errors: errors)
        password = FieldState(.password, errors: errors)
        thumbnail = FieldState(.thumbnailID, errors: errors, hasHint: false)
        let photosElsewhere = product != nil && !editsPhotos
        summary = errors.ordered.map { field, message in
            // A thumbnail error points at the first radio button, which has an id of its own.
            let target = switch field {
            case .thumbnailID: product?.images.first.map { "thumbnail-\($0.id)" } ?? ""
            // An edit form that takes no photos says why beside its photos.
            case .images where photosElsewhere: "field-images-error"
            case .form: "main"
            default: "field-\(field.rawValue)"
            }
            return SummaryItem(fieldID: target, message: message)
        }
        hasErrors = !errors.isEmpty
        summaryTitle = strings.errorSummary(count: summary.count)
        self.notice = notice
        let kept = product == nil || editsPhotos ? draft?.photos ?? [] : []
        keptPhotos = kept.enumerated().map { offset, photo in
            KeptPhoto(
                token: photo.token, inputID: "remove-photo-\(offset + 1)", url: SiteURL.draftPhoto(.value(photo.token)).link,
                alt: strings.keptPhotoAlt(index: offset + 1, count: kept.count))
        }
        hasKeptPhotos = !keptPhotos.isEmpty
        draftKey = hasKeptPhotos ? draft?.key : nil
        mustRechoosePhotos = (product == nil && !errors.isEmpty && !hasKeptPhotos) || (rechoosePhotos && !hasKeptPhotos)
        self.writesDisabled = writesDisabled
        // A refused edit keeps what the form first showed, so a change made meanwhile is still noticed.
        shownField = (values.shown ?? product.map(ShownProduct.init))?.field
        self.conflict = (conflict?.changes ?? []).map { change in
            change.field == .images
                ? ConflictRow(
                    label: FieldLabel.text(change.field.rawValue, strings.language), shown: strings.photoCount(ShownProduct.photoCount(change.shown)),
                    now: strings.photoCount(ShownProduct.photoCount(change.now)), yoursKept: false)
                : ConflictRow(
                    label: FieldLabel.text(change.field.rawValue, strings.language), shown: change.shown, now: change.now,
                    yoursKept: change.alsoChangedHere)
        }
        hasConflict = !self.conflict.isEmpty
    }
}
