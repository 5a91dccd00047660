import OpenMarketTemplating

extension AdminStrings {
    /// The console's catalogue as templates read it (`{{admin.a.signOut}}`), built once per language.
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
            ("consoleTitle", consoleTitle), ("adminNavigation", adminNavigation), ("loginTitle", loginTitle),
            ("passwordLabel", passwordLabel), ("signIn", signIn), ("signOut", signOut), ("loginWrong", loginWrong),
            ("productsTitle", productsTitle), ("historyTitle", historyTitle), ("exportCSV", exportCSV), ("searchLabel", searchLabel),
            ("filterStock", filterStock), ("filterAll", filterAll), ("filterInStock", filterInStock), ("filterSoldOut", filterSoldOut),
            ("filterCurrency", filterCurrency), ("apply", apply), ("select", select), ("selectAll", selectAll),
            ("filtersTitle", filtersTitle), ("searchButton", searchButton), ("viewSite", viewSite), ("columnID", columnID), ("columnPhoto", columnPhoto),
            ("columnName", columnName), ("columnVendor", columnVendor), ("columnPrice", columnPrice), ("columnDiscount", columnDiscount),
            ("columnStock", columnStock), ("columnDate", columnDate), ("columnActions", columnActions), ("view", view),
            ("storefront", storefront), ("edit", edit), ("delete", delete), ("bulkDelete", bulkDelete),
            ("nothingSelected", nothingSelected), ("confirmTitle", confirmTitle), ("confirmButton", confirmButton), ("cancel", cancel),
            ("resultsTitle", resultsTitle), ("outcomeSuccess", outcomeSuccess), ("outcomeRefused", outcomeRefused),
            ("outcomeFailed", outcomeFailed), ("outcomePending", outcomePending), ("backToProducts", backToProducts),
            ("columnTime", columnTime), ("columnActor", columnActor), ("columnAction", columnAction), ("columnProduct", columnProduct),
            ("columnChanges", columnChanges), ("columnOutcome", columnOutcome), ("actionCreate", actionCreate),
            ("actionUpdate", actionUpdate), ("actionDelete", actionDelete), ("actionRestore", actionRestore), ("restoreButton", restoreButton), ("historyEmpty", historyEmpty),
            ("productHistory", productHistory), ("lastState", lastState), ("allHistory", allHistory), ("hostRefused", hostRefused),
            ("emptyTable", emptyTable), ("filterStatus", filterStatus), ("columnDeletedAt", columnDeletedAt),
            ("columnRestoreWithin", columnRestoreWithin), ("deletedHeading", deletedHeading),
            ("filterProductID", filterProductID), ("filterFrom", filterFrom), ("filterTo", filterTo), ("newestEntries", newestEntries), ("newerEntries", newerEntries), ("olderEntries", olderEntries),
        ]
    }
}
