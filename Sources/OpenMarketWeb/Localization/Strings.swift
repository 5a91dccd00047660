/// Every user-visible text of the web pages, one catalogue per language.
///
/// Plain stored properties, so templates read them as `{{t.searchButton}}`; texts with values in them are
/// methods in `Strings+Formats.swift`, used by page models.
struct Strings: Sendable {
    let language: Language
    // Layout
    let siteName: String
    let skipToContent: String
    let mainNavigation: String
    let navProducts: String
    let navNewProduct: String
    let languageNavigation: String
    let otherLanguageName: String
    let footer: String
    // Flash
    let flashCreated: String
    let flashUpdated: String
    let flashDeleted: String
    let flashRestored: String
    // List
    let listTitle: String
    let searchLabel: String
    let searchPlaceholder: String
    let searchButton: String
    let viewSwitchLabel: String
    let viewGrid: String
    let viewList: String
    let sortLabel: String
    let sortNewest: String
    let sortPriceLow: String
    let sortPriceHigh: String
    let filterLabel: String
    let filterInStock: String
    let filterAnyCurrency: String
    let filterKRW: String
    let filterUSD: String
    let emptyTitle: String
    let emptyHint: String
    let emptySearchHint: String
    let emptyFilteredTitle: String
    let emptyFilteredHint: String
    let emptyPageTitle: String
    let firstPage: String
    let showAll: String
    let loadMore: String
    let paginationLabel: String
    let previousPage: String
    let nextPage: String
    // Prices and stock
    let originalPriceLabel: String
    let salePriceLabel: String
    let discountLabel: String
    let soldOut: String
    // Detail
    let galleryLabel: String
    let fullSizeLink: String
    let descriptionHeading: String
    let vendorLabel: String
    let registeredLabel: String
    let stockLabel: String
    let editButton: String
    let deleteButton: String
    let backToList: String
    let previousPhoto: String
    let nextPhoto: String
    let manageListing: String
    let manageHint: String
    // Form
    let newTitle: String
    let editTitle: String
    let fieldName: String
    let fieldDescription: String
    let fieldPrice: String
    let fieldCurrency: String
    let fieldDiscount: String
    let fieldStock: String
    let fieldImages: String
    let fieldPassword: String
    let currencyKRW: String
    let currencyUSD: String
    let nameHint: String
    let descriptionHint: String
    let priceHint: String
    let discountHint: String
    let stockHint: String
    let imagesHint: String
    let passwordHintNew: String
    let passwordHintExisting: String
    let photosRechoose: String
    let choosePhotos: String
    let photosChosenNote: String
    let keptPhotosLegend: String
    let keptPhotosHint: String
    let keptPhotoRemove: String
    let errDraftExpired: String
    let photosCannotChange: String
    let thumbnailLegend: String
    let submitCreate: String
    let submitUpdate: String
    let cancel: String
    let noChanges: String
    let conflictTitle: String
    let conflictIntro: String
    let conflictWasNow: String
    let conflictYoursKept: String
    let writesDisabled: String
    let requiredMark: String
    // Validation
    let errNameLength: String
    let errNameBlank: String
    let errDescriptionLength: String
    let errDescriptionBlank: String
    let errPriceNumber: String
    let errPricePositive: String
    let errPriceWon: String
    let errPriceCents: String
    let errDiscountNumber: String
    let errDiscountRange: String
    let errStock: String
    let errCurrency: String
    let errPasswordRequired: String
    let errPasswordLength: String
    let errPasswordWrong: String
    let errThumbnail: String
    let errOtherVendor: String
    // Delete
    let deleteTitle: String
    let deleteWarning: String
    let deleteConfirmButton: String
    let deletePasswordHint: String
    // Errors
    let errorNotFoundTitle: String
    let errorNotFoundMessage: String
    let errorBadGatewayTitle: String
    let errorBadGatewayMessage: String
    let errorTimeoutTitle: String
    let errorTimeoutMessage: String
    let errorServerTitle: String
    let errorServerMessage: String
    let errorTooLargeTitle: String
    let errorTooLargeMessage: String
    let errorForbiddenTitle: String
    let errorCSRFMessage: String
    let errorBadRequestTitle: String
    let errorBadRequestMessage: String
    let errorTooManyTitle: String
    let errorTooManyMessage: String
    let errorRetry: String
    let errorRequestID: String
    let errorHome: String
    // Likes, recently viewed, sellers
    let likesTitle: String
    let likeButton: String
    let likesEmptyTitle: String
    let likesEmptyHint: String
    let browseProducts: String
    let recentTitle: String
    let recentEmptyTitle: String
    let recentEmptyHint: String
    let recentClearButton: String
    let recentSeeAll: String
    let sellerOtherProducts: String
    let sellerEmpty: String
    let flashLiked: String
    let flashUnliked: String
    let flashRecentCleared: String
}
