import OpenMarketTemplating

/// The storefront's texts in one language, read from `Texts/<code>.texts` (see `TextCatalogue`). Code names a text
/// by its key (`strings[.searchButton]`), templates by the same name (`{{t.searchButton}}`); texts with values in
/// them are filled through `filling(_:_:)` (`Strings+Formats.swift`).
///
/// A class: one per language is made at start, and every page that hands it on holds one reference to it.
package final class Strings: Sendable {
    package enum Key: String, CaseIterable, Sendable {
        case siteName, skipToContent, mainNavigation, navProducts, navNewProduct, languageNavigation
        case otherLanguageName, footer, flashCreated, flashUpdated, flashDeleted, flashRestored, listTitle
        case searchLabel, searchPlaceholder, searchButton, viewSwitchLabel, viewGrid, viewList, sortLabel, sortNewest
        case sortPriceLow, sortPriceHigh, filterLabel, filterInStock, filterAnyCurrency, filterKRW, filterUSD
        case emptyTitle, emptyHint, emptySearchHint, emptyFilteredTitle, emptyFilteredHint, emptyPageTitle, firstPage
        case showAll, loadMore, paginationLabel, previousPage, nextPage, originalPriceLabel, salePriceLabel
        case discountLabel, soldOut, galleryLabel, fullSizeLink, descriptionHeading, vendorLabel, registeredLabel
        case stockLabel, editButton, deleteButton, backToList, previousPhoto, nextPhoto, manageListing, manageHint
        case newTitle, editTitle, fieldName, fieldDescription, fieldPrice, fieldCurrency, fieldDiscount, fieldStock
        case fieldImages, fieldPassword, currencyKRW, currencyUSD, nameHint, descriptionHint, priceHint, discountHint
        case stockHint, imagesHint, passwordHintNew, passwordHintExisting, photosRechoose, choosePhotos
        case photosChosenNote, keptPhotosLegend, keptPhotosHint, keptPhotoRemove, errDraftExpired, photosCannotChange
        case thumbnailLegend, photosLegend, photosEditHint, photoMain, photoPlace, addPhotos, photosConsoleNote
        case photosFixed, submitCreate, submitUpdate, cancel, noChanges, conflictTitle, conflictIntro, conflictWasNow
        case conflictYoursKept, writesDisabled, requiredMark, errNameLength, errNameBlank, errDescriptionLength
        case errDescriptionBlank, errPriceNumber, errPricePositive, errPriceWon, errPriceCents, errDiscountNumber
        case errDiscountRange, errStock, errCurrency, errPasswordRequired, errPasswordLength, errPasswordWrong
        case errThumbnail, errOtherVendor, deleteTitle, deleteWarning, deleteConfirmButton, deletePasswordHint
        case errorNotFoundTitle, errorNotFoundMessage, errorBadGatewayTitle, errorBadGatewayMessage
        case errorTimeoutTitle, errorTimeoutMessage, errorServerTitle, errorServerMessage, errorTooLargeTitle
        case errorTooLargeMessage, errorForbiddenTitle, errorCSRFMessage, errorBadRequestTitle
        case errorBadRequestMessage, errorTooManyTitle, errorTooManyMessage, errorRetry, errorRequestID, errorHome
        case likesTitle, likeButton, likesEmptyTitle, likesEmptyHint, browseProducts, recentTitle, recentEmptyTitle
        case recentEmptyHint, recentClearButton, recentSeeAll, sellerOtherProducts, sellerEmpty, flashLiked
        case flashUnliked, flashRecentCleared, priceDropped, fieldSeller, sellerHint, errSellerLength
        case errSellerCharacters, moreSettings, moreSettingsHint, likeAction, likedState, sellerNamedNote
        case popularSearchesLabel, navRecent, phoneBarLabel
        case resultRange, searchResultCount, searchHeading, emptySearchTitle, stockLeft, pageLabel, keptPhotoAlt
        case errImageTooLarge, errImageType, errPhotoTooLarge, errPhotoNotShrunk, errPhotoNotProcessed
        case errTooManyAttempts, likesCount, likesSummary, recentSummary, errStorageFull, errMarketPhotoTooLarge
        case errMarketPhotoUnreadable
        case searchCoverageAll, searchCoverageNewest, photoAlt, errorSummary, errorSummaryOne, errImageNone
        case errImageCount, errTooManyPhotos, errTooManyPhotosOne, photoCount, photoCountOne, sellerProductCount
        case sellerProductCountOne, errNameControlCharacters, errDescriptionControlCharacters, errImagePixels
        case errImagesInOnePart, errWholeUnitsPrice, errWholeUnitsDiscount, errMainPhotoFixed, marketRefusedField
        case marketRefusedForm, marketSaid, marketNotFound, marketUnauthorized, marketMalformed, marketStoreFailure
        case marketUnavailable, marketStatus, labelName, labelDescription, labelPrice, labelCurrency, labelDiscount
        case labelStock, labelMainPhoto, labelPhotos, labelPassword, labelQuestion, today, yesterday, daysAgo
        case daysAgoOne, weeksAgo, weeksAgoOne, monthsAgo, monthsAgoOne, yearsAgo, yearsAgoOne, locale
    }

    package let language: Language
    package let catalogue: TextCatalogue
    /// The catalogue as templates read it (`{{t.searchButton}}`): every text whose key has no dot.
    package let templateTexts: TemplateTexts
    private let texts: [Key: String]

    package init(language: Language, catalogue: TextCatalogue) {
        self.language = language
        self.catalogue = catalogue
        templateTexts = TemplateTexts(catalogue.entries(under: ""))
        texts = Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0, catalogue[$0.rawValue]) })
    }

    package subscript(_ key: Key) -> String {
        texts[key] ?? key.rawValue
    }

    /// The text under `key` with its `{name}` placeholders filled.
    package func filling(_ key: Key, _ values: KeyValuePairs<String, String>) -> String {
        catalogue.filling(key.rawValue, values)
    }

    package static let byLanguage = Dictionary(uniqueKeysWithValues: Language.allCases.map {
        ($0, Strings(language: $0, catalogue: TextCatalogues.catalogue(for: $0)))
    })
    package static let korean = byLanguage[.korean] ?? Strings(language: .korean, catalogue: .empty("ko"))
    package static let english = byLanguage[.english] ?? Strings(language: .english, catalogue: .empty("en"))
}
