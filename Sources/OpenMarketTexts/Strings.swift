import OpenMarketTemplating

/// The storefront's texts in one language, read from `Texts/<code>.texts` (see `TextCatalogue`): `strings[.searchButton]`
/// in code, `{{t.searchButton}}` in templates; texts with values in them are filled in `Strings+Formats.swift`.
package typealias Strings = TextSection<StorefrontText>

package enum StorefrontText: String, TextKey {
    package static let prefix = ""

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
    case priceWon, priceDollars, dayFormat, monthNames, showMarketWords
}

private let storefrontTexts = Strings.everyLanguage()

extension Language {
    package var strings: Strings { storefrontTexts[self] ?? Strings(language: self, catalogue: .empty(rawValue)) }
}
