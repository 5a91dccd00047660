import OpenMarketTemplating

extension Strings {
    /// The catalogue as templates read it (`{{t.searchButton}}`), built once per language.
    var templateTexts: TemplateTexts {
        switch language {
        case .korean: Self.koreanTexts
        case .english: Self.englishTexts
        }
    }

    private static let koreanTexts = TemplateTexts(korean.templateEntries)
    private static let englishTexts = TemplateTexts(english.templateEntries)

    /// Every text under its property's name; `TemplateTextsTests` holds the names to the properties.
    var templateEntries: [(String, String)] {
        [
            ("siteName", siteName), ("skipToContent", skipToContent), ("mainNavigation", mainNavigation), ("navProducts", navProducts),
            ("navNewProduct", navNewProduct), ("languageNavigation", languageNavigation), ("otherLanguageName", otherLanguageName),
            ("footer", footer), ("flashCreated", flashCreated), ("flashUpdated", flashUpdated), ("flashDeleted", flashDeleted), ("flashRestored", flashRestored),
            ("listTitle", listTitle), ("searchLabel", searchLabel), ("searchPlaceholder", searchPlaceholder),
            ("searchButton", searchButton), ("viewSwitchLabel", viewSwitchLabel), ("viewGrid", viewGrid), ("viewList", viewList),
            ("sortLabel", sortLabel), ("sortNewest", sortNewest), ("sortPriceLow", sortPriceLow), ("sortPriceHigh", sortPriceHigh),
            ("filterLabel", filterLabel), ("filterInStock", filterInStock), ("filterAnyCurrency", filterAnyCurrency),
            ("filterKRW", filterKRW), ("filterUSD", filterUSD),
            ("emptyTitle", emptyTitle), ("emptyHint", emptyHint), ("emptySearchHint", emptySearchHint),
            ("emptyFilteredTitle", emptyFilteredTitle), ("emptyFilteredHint", emptyFilteredHint), ("emptyPageTitle", emptyPageTitle),
            ("firstPage", firstPage), ("showAll", showAll), ("loadMore", loadMore), ("paginationLabel", paginationLabel),
            ("previousPage", previousPage), ("nextPage", nextPage), ("originalPriceLabel", originalPriceLabel),
            ("salePriceLabel", salePriceLabel), ("discountLabel", discountLabel), ("soldOut", soldOut), ("galleryLabel", galleryLabel),
            ("fullSizeLink", fullSizeLink), ("descriptionHeading", descriptionHeading), ("vendorLabel", vendorLabel),
            ("registeredLabel", registeredLabel), ("stockLabel", stockLabel), ("editButton", editButton), ("deleteButton", deleteButton),
            ("backToList", backToList), ("previousPhoto", previousPhoto), ("nextPhoto", nextPhoto),
            ("manageListing", manageListing), ("manageHint", manageHint), ("newTitle", newTitle), ("editTitle", editTitle), ("fieldName", fieldName),
            ("fieldDescription", fieldDescription), ("fieldPrice", fieldPrice), ("fieldCurrency", fieldCurrency),
            ("fieldDiscount", fieldDiscount), ("fieldStock", fieldStock), ("fieldImages", fieldImages), ("fieldPassword", fieldPassword),
            ("currencyKRW", currencyKRW), ("currencyUSD", currencyUSD), ("nameHint", nameHint), ("descriptionHint", descriptionHint),
            ("priceHint", priceHint), ("discountHint", discountHint), ("stockHint", stockHint), ("imagesHint", imagesHint),
            ("passwordHintNew", passwordHintNew), ("passwordHintExisting", passwordHintExisting), ("photosRechoose", photosRechoose),
            ("choosePhotos", choosePhotos), ("photosChosenNote", photosChosenNote), ("keptPhotosLegend", keptPhotosLegend),
            ("keptPhotosHint", keptPhotosHint), ("keptPhotoRemove", keptPhotoRemove), ("errDraftExpired", errDraftExpired),
            ("photosCannotChange", photosCannotChange), ("thumbnailLegend", thumbnailLegend), ("photosLegend", photosLegend), ("photosEditHint", photosEditHint), ("photoMain", photoMain), ("photoPlace", photoPlace), ("addPhotos", addPhotos), ("photosConsoleNote", photosConsoleNote), ("photosFixed", photosFixed), ("submitCreate", submitCreate),
            ("submitUpdate", submitUpdate), ("cancel", cancel), ("noChanges", noChanges),
            ("conflictTitle", conflictTitle), ("conflictIntro", conflictIntro), ("conflictWasNow", conflictWasNow),
            ("conflictYoursKept", conflictYoursKept), ("writesDisabled", writesDisabled),
            ("requiredMark", requiredMark), ("errNameLength", errNameLength), ("errNameBlank", errNameBlank),
            ("errDescriptionLength", errDescriptionLength), ("errDescriptionBlank", errDescriptionBlank),
            ("errPriceNumber", errPriceNumber), ("errPricePositive", errPricePositive), ("errPriceWon", errPriceWon),
            ("errPriceCents", errPriceCents), ("errDiscountNumber", errDiscountNumber), ("errDiscountRange", errDiscountRange),
            ("errStock", errStock), ("errCurrency", errCurrency), ("errPasswordRequired", errPasswordRequired),
            ("errPasswordLength", errPasswordLength), ("errPasswordWrong", errPasswordWrong), ("errThumbnail", errThumbnail),
            ("errOtherVendor", errOtherVendor), ("deleteTitle", deleteTitle), ("deleteWarning", deleteWarning),
            ("deleteConfirmButton", deleteConfirmButton), ("deletePasswordHint", deletePasswordHint),
            ("errorNotFoundTitle", errorNotFoundTitle), ("errorNotFoundMessage", errorNotFoundMessage),
            ("errorBadGatewayTitle", errorBadGatewayTitle), ("errorBadGatewayMessage", errorBadGatewayMessage),
            ("errorTimeoutTitle", errorTimeoutTitle), ("errorTimeoutMessage", errorTimeoutMessage), ("errorServerTitle", errorServerTitle),
            ("errorServerMessage", errorServerMessage), ("errorTooLargeTitle", errorTooLargeTitle),
            ("errorTooLargeMessage", errorTooLargeMessage), ("errorForbiddenTitle", errorForbiddenTitle),
            ("errorCSRFMessage", errorCSRFMessage), ("errorBadRequestTitle", errorBadRequestTitle),
            ("errorBadRequestMessage", errorBadRequestMessage), ("errorTooManyTitle", errorTooManyTitle), ("errorTooManyMessage", errorTooManyMessage), ("errorRetry", errorRetry), ("errorRequestID", errorRequestID),
            ("errorHome", errorHome),
            ("likesTitle", likesTitle), ("likeButton", likeButton), ("likesEmptyTitle", likesEmptyTitle),
            ("likesEmptyHint", likesEmptyHint), ("browseProducts", browseProducts), ("recentTitle", recentTitle),
            ("recentEmptyTitle", recentEmptyTitle), ("recentEmptyHint", recentEmptyHint), ("recentClearButton", recentClearButton),
            ("recentSeeAll", recentSeeAll), ("sellerOtherProducts", sellerOtherProducts), ("sellerEmpty", sellerEmpty),
            ("flashLiked", flashLiked), ("flashUnliked", flashUnliked), ("flashRecentCleared", flashRecentCleared),
            ("priceDropped", priceDropped),
            ("fieldSeller", fieldSeller),
            ("sellerHint", sellerHint),
            ("errSellerLength", errSellerLength),
            ("errSellerCharacters", errSellerCharacters),
            ("moreSettings", moreSettings),
            ("moreSettingsHint", moreSettingsHint),
            ("likeAction", likeAction),
            ("likedState", likedState),
            ("sellerNamedNote", sellerNamedNote),
            ("popularSearchesLabel", popularSearchesLabel),
            ("navRecent", navRecent),
            ("phoneBarLabel", phoneBarLabel),
        ]
    }
}
