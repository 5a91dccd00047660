/// Every user-visible text of the web pages, one catalogue per language.
///
/// Plain stored properties, so templates read them as `{{t.searchButton}}`; texts with values in them are
/// methods in `Strings+Formats.swift`, used by page models.
///
/// A class: one catalogue per language is made at start, and every page that hands it on (a page context, a page
/// model) holds one reference to it instead of copying some hundred and fifty texts.
final class Strings: Sendable {
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
    let photosLegend: String
    let photosEditHint: String
    let photoMain: String
    let photoPlace: String
    let addPhotos: String
    let photosConsoleNote: String
    let photosFixed: String
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
    let priceDropped: String
    let fieldSeller: String
    let sellerHint: String
    let errSellerLength: String
    let errSellerCharacters: String
    let moreSettings: String
    let moreSettingsHint: String
    let likeAction: String
    let likedState: String
    let sellerNamedNote: String
    let popularSearchesLabel: String
    let navRecent: String
    let phoneBarLabel: String

    init(
        language: Language,
        siteName: String,
        skipToContent: String,
        mainNavigation: String,
        navProducts: String,
        navNewProduct: String,
        languageNavigation: String,
        otherLanguageName: String,
        footer: String,
        flashCreated: String,
        flashUpdated: String,
        flashDeleted: String,
        flashRestored: String,
        listTitle: String,
        searchLabel: String,
        searchPlaceholder: String,
        searchButton: String,
        viewSwitchLabel: String,
        viewGrid: String,
        viewList: String,
        sortLabel: String,
        sortNewest: String,
        sortPriceLow: String,
        sortPriceHigh: String,
        filterLabel: String,
        filterInStock: String,
        filterAnyCurrency: String,
        filterKRW: String,
        filterUSD: String,
        emptyTitle: String,
        emptyHint: String,
        emptySearchHint: String,
        emptyFilteredTitle: String,
        emptyFilteredHint: String,
        emptyPageTitle: String,
        firstPage: String,
        showAll: String,
        loadMore: String,
        paginationLabel: String,
        previousPage: String,
        nextPage: String,
        originalPriceLabel: String,
        salePriceLabel: String,
        discountLabel: String,
        soldOut: String,
        galleryLabel: String,
        fullSizeLink: String,
        descriptionHeading: String,
        vendorLabel: String,
        registeredLabel: String,
        stockLabel: String,
        editButton: String,
        deleteButton: String,
        backToList: String,
        previousPhoto: String,
        nextPhoto: String,
        manageListing: String,
        manageHint: String,
        newTitle: String,
        editTitle: String,
        fieldName: String,
        fieldDescription: String,
        fieldPrice: String,
        fieldCurrency: String,
        fieldDiscount: String,
        fieldStock: String,
        fieldImages: String,
        fieldPassword: String,
        currencyKRW: String,
        currencyUSD: String,
        nameHint: String,
        descriptionHint: String,
        priceHint: String,
        discountHint: String,
        stockHint: String,
        imagesHint: String,
        passwordHintNew: String,
        passwordHintExisting: String,
        photosRechoose: String,
        choosePhotos: String,
        photosChosenNote: String,
        keptPhotosLegend: String,
        keptPhotosHint: String,
        keptPhotoRemove: String,
        errDraftExpired: String,
        photosCannotChange: String,
        thumbnailLegend: String,
        photosLegend: String,
        photosEditHint: String,
        photoMain: String,
        photoPlace: String,
        addPhotos: String,
        photosConsoleNote: String,
        photosFixed: String,
        submitCreate: String,
        submitUpdate: String,
        cancel: String,
        noChanges: String,
        conflictTitle: String,
        conflictIntro: String,
        conflictWasNow: String,
        conflictYoursKept: String,
        writesDisabled: String,
        requiredMark: String,
        errNameLength: String,
        errNameBlank: String,
        errDescriptionLength: String,
        errDescriptionBlank: String,
        errPriceNumber: String,
        errPricePositive: String,
        errPriceWon: String,
        errPriceCents: String,
        errDiscountNumber: String,
        errDiscountRange: String,
        errStock: String,
        errCurrency: String,
        errPasswordRequired: String,
        errPasswordLength: String,
        errPasswordWrong: String,
        errThumbnail: String,
        errOtherVendor: String,
        deleteTitle: String,
        deleteWarning: String,
        deleteConfirmButton: String,
        deletePasswordHint: String,
        errorNotFoundTitle: String,
        errorNotFoundMessage: String,
        errorBadGatewayTitle: String,
        errorBadGatewayMessage: String,
        errorTimeoutTitle: String,
        errorTimeoutMessage: String,
        errorServerTitle: String,
        errorServerMessage: String,
        errorTooLargeTitle: String,
        errorTooLargeMessage: String,
        errorForbiddenTitle: String,
        errorCSRFMessage: String,
        errorBadRequestTitle: String,
        errorBadRequestMessage: String,
        errorTooManyTitle: String,
        errorTooManyMessage: String,
        errorRetry: String,
        errorRequestID: String,
        errorHome: String,
        likesTitle: String,
        likeButton: String,
        likesEmptyTitle: String,
        likesEmptyHint: String,
        browseProducts: String,
        recentTitle: String,
        recentEmptyTitle: String,
        recentEmptyHint: String,
        recentClearButton: String,
        recentSeeAll: String,
        sellerOtherProducts: String,
        sellerEmpty: String,
        flashLiked: String,
        flashUnliked: String,
        flashRecentCleared: String,
        priceDropped: String,
        fieldSeller: String,
        sellerHint: String,
        errSellerLength: String,
        errSellerCharacters: String,
        moreSettings: String,
        moreSettingsHint: String,
        likeAction: String,
        likedState: String,
        sellerNamedNote: String,
        popularSearchesLabel: String,
        navRecent: String,
        phoneBarLabel: String
    ) {
        self.language = language
        self.siteName = siteName
        self.skipToContent = skipToContent
        self.mainNavigation = mainNavigation
        self.navProducts = navProducts
        self.navNewProduct = navNewProduct
        self.languageNavigation = languageNavigation
        self.otherLanguageName = otherLanguageName
        self.footer = footer
        self.flashCreated = flashCreated
        self.flashUpdated = flashUpdated
        self.flashDeleted = flashDeleted
        self.flashRestored = flashRestored
        self.listTitle = listTitle
        self.searchLabel = searchLabel
        self.searchPlaceholder = searchPlaceholder
        self.searchButton = searchButton
        self.viewSwitchLabel = viewSwitchLabel
        self.viewGrid = viewGrid
        self.viewList = viewList
        self.sortLabel = sortLabel
        self.sortNewest = sortNewest
        self.sortPriceLow = sortPriceLow
        self.sortPriceHigh = sortPriceHigh
        self.filterLabel = filterLabel
        self.filterInStock = filterInStock
        self.filterAnyCurrency = filterAnyCurrency
        self.filterKRW = filterKRW
        self.filterUSD = filterUSD
        self.emptyTitle = emptyTitle
        self.emptyHint = emptyHint
        self.emptySearchHint = emptySearchHint
        self.emptyFilteredTitle = emptyFilteredTitle
        self.emptyFilteredHint = emptyFilteredHint
        self.emptyPageTitle = emptyPageTitle
        self.firstPage = firstPage
        self.showAll = showAll
        self.loadMore = loadMore
        self.paginationLabel = paginationLabel
        self.previousPage = previousPage
        self.nextPage = nextPage
        self.originalPriceLabel = originalPriceLabel
        self.salePriceLabel = salePriceLabel
        self.discountLabel = discountLabel
        self.soldOut = soldOut
        self.galleryLabel = galleryLabel
        self.fullSizeLink = fullSizeLink
        self.descriptionHeading = descriptionHeading
        self.vendorLabel = vendorLabel
        self.registeredLabel = registeredLabel
        self.stockLabel = stockLabel
        self.editButton = editButton
        self.deleteButton = deleteButton
        self.backToList = backToList
        self.previousPhoto = previousPhoto
        self.nextPhoto = nextPhoto
        self.manageListing = manageListing
        self.manageHint = manageHint
        self.newTitle = newTitle
        self.editTitle = editTitle
        self.fieldName = fieldName
        self.fieldDescription = fieldDescription
        self.fieldPrice = fieldPrice
        self.fieldCurrency = fieldCurrency
        self.fieldDiscount = fieldDiscount
        self.fieldStock = fieldStock
        self.fieldImages = fieldImages
        self.fieldPassword = fieldPassword
        self.currencyKRW = currencyKRW
        self.currencyUSD = currencyUSD
        self.nameHint = nameHint
        self.descriptionHint = descriptionHint
        self.priceHint = priceHint
        self.discountHint = discountHint
        self.stockHint = stockHint
        self.imagesHint = imagesHint
        self.passwordHintNew = passwordHintNew
        self.passwordHintExisting = passwordHintExisting
        self.photosRechoose = photosRechoose
        self.choosePhotos = choosePhotos
        self.photosChosenNote = photosChosenNote
        self.keptPhotosLegend = keptPhotosLegend
        self.keptPhotosHint = keptPhotosHint
        self.keptPhotoRemove = keptPhotoRemove
        self.errDraftExpired = errDraftExpired
        self.photosCannotChange = photosCannotChange
        self.thumbnailLegend = thumbnailLegend
        self.photosLegend = photosLegend
        self.photosEditHint = photosEditHint
        self.photoMain = photoMain
        self.photoPlace = photoPlace
        self.addPhotos = addPhotos
        self.photosConsoleNote = photosConsoleNote
        self.photosFixed = photosFixed
        self.submitCreate = submitCreate
        self.submitUpdate = submitUpdate
        self.cancel = cancel
        self.noChanges = noChanges
        self.conflictTitle = conflictTitle
        self.conflictIntro = conflictIntro
        self.conflictWasNow = conflictWasNow
        self.conflictYoursKept = conflictYoursKept
        self.writesDisabled = writesDisabled
        self.requiredMark = requiredMark
        self.errNameLength = errNameLength
        self.errNameBlank = errNameBlank
        self.errDescriptionLength = errDescriptionLength
        self.errDescriptionBlank = errDescriptionBlank
        self.errPriceNumber = errPriceNumber
        self.errPricePositive = errPricePositive
        self.errPriceWon = errPriceWon
        self.errPriceCents = errPriceCents
        self.errDiscountNumber = errDiscountNumber
        self.errDiscountRange = errDiscountRange
        self.errStock = errStock
        self.errCurrency = errCurrency
        self.errPasswordRequired = errPasswordRequired
        self.errPasswordLength = errPasswordLength
        self.errPasswordWrong = errPasswordWrong
        self.errThumbnail = errThumbnail
        self.errOtherVendor = errOtherVendor
        self.deleteTitle = deleteTitle
        self.deleteWarning = deleteWarning
        self.deleteConfirmButton = deleteConfirmButton
        self.deletePasswordHint = deletePasswordHint
        self.errorNotFoundTitle = errorNotFoundTitle
        self.errorNotFoundMessage = errorNotFoundMessage
        self.errorBadGatewayTitle = errorBadGatewayTitle
        self.errorBadGatewayMessage = errorBadGatewayMessage
        self.errorTimeoutTitle = errorTimeoutTitle
        self.errorTimeoutMessage = errorTimeoutMessage
        self.errorServerTitle = errorServerTitle
        self.errorServerMessage = errorServerMessage
        self.errorTooLargeTitle = errorTooLargeTitle
        self.errorTooLargeMessage = errorTooLargeMessage
        self.errorForbiddenTitle = errorForbiddenTitle
        self.errorCSRFMessage = errorCSRFMessage
        self.errorBadRequestTitle = errorBadRequestTitle
        self.errorBadRequestMessage = errorBadRequestMessage
        self.errorTooManyTitle = errorTooManyTitle
        self.errorTooManyMessage = errorTooManyMessage
        self.errorRetry = errorRetry
        self.errorRequestID = errorRequestID
        self.errorHome = errorHome
        self.likesTitle = likesTitle
        self.likeButton = likeButton
        self.likesEmptyTitle = likesEmptyTitle
        self.likesEmptyHint = likesEmptyHint
        self.browseProducts = browseProducts
        self.recentTitle = recentTitle
        self.recentEmptyTitle = recentEmptyTitle
        self.recentEmptyHint = recentEmptyHint
        self.recentClearButton = recentClearButton
        self.recentSeeAll = recentSeeAll
        self.sellerOtherProducts = sellerOtherProducts
        self.sellerEmpty = sellerEmpty
        self.flashLiked = flashLiked
        self.flashUnliked = flashUnliked
        self.flashRecentCleared = flashRecentCleared
        self.priceDropped = priceDropped
        self.fieldSeller = fieldSeller
        self.sellerHint = sellerHint
        self.errSellerLength = errSellerLength
        self.errSellerCharacters = errSellerCharacters
        self.moreSettings = moreSettings
        self.moreSettingsHint = moreSettingsHint
        self.likeAction = likeAction
        self.likedState = likedState
        self.sellerNamedNote = sellerNamedNote
        self.popularSearchesLabel = popularSearchesLabel
        self.navRecent = navRecent
        self.phoneBarLabel = phoneBarLabel
    }
}
