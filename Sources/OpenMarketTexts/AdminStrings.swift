import OpenMarketTemplating

/// The console's texts in one language: the `admin.` keys of `Texts/<code>.texts`, `texts[.signOut]` in code and
/// `{{admin.a.signOut}}` in templates.
package typealias AdminStrings = TextSection<ConsoleText>

package enum ConsoleText: String, TextKey {
    package static let prefix = "admin."

    case consoleTitle, adminNavigation, loginTitle, passwordLabel, signIn, signOut, loginWrong, productsTitle
    case historyTitle, exportCSV, searchLabel, filterStock, filterAll, filterInStock, filterSoldOut
    case filterCurrency, apply, select, selectAll, filtersTitle, searchButton, viewSite, columnID, columnPhoto
    case columnName, columnVendor, columnPrice, columnDiscount, columnStock, columnDate, columnActions, view
    case storefront, edit, delete, bulkDelete, nothingSelected, confirmTitle, confirmButton, cancel, resultsTitle
    case outcomeSuccess, outcomeRefused, outcomeFailed, outcomePending, backToProducts, columnTime, columnActor
    case columnAction, columnProduct, columnChanges, columnOutcome, actionCreate, actionUpdate, actionDelete
    case actionRestore, restoreButton, historyEmpty, productHistory, lastState, allHistory, hostRefused
    case emptyTable, filterStatus, columnDeletedAt, columnRestoreWithin, deletedHeading, filterProductID
    case filterFrom, filterTo, newestEntries, newerEntries, olderEntries
    case tableCaption, confirmIntro, loginWrongWait, loginThrottled, restorableUntil, photoBefore, photoAfter
    case photoGone, photoNumber, keptPhoto, actorAdmin, actorVisitor, columnTimeIn, statusOnSale, statusDeleted
    case deletedMatches, noDeletedProducts, deletedTableCaption, deletedNotRestorable, restoredSameID, restoredAs
    case restoredFrom, groupedByCurrency, restoring, alreadyRestored, restoreExpired, restoreNoPhotos
    case restoreSnapshotUnreadable, tooManySelected, selectedCount, restoreGivesNewID
    case historyUploadRecovered, historyUploadNotListed, historyUploadUnknown, historyRestoreRecovered, historyRestoreUnknown
    case photoCount, daysLeft, daysLeftOne, deletedBanner, deletedBannerOne, restoreNamed
}

private let consoleTexts = AdminStrings.everyLanguage()

extension Language {
    package var adminStrings: AdminStrings { consoleTexts[self] ?? AdminStrings(language: self, catalogue: .empty(rawValue)) }
}

extension AdminStrings {
    package func tableCaption(total: String, from: String, to: String) -> String {
        filling(.tableCaption, ["from": from, "to": to, "total": total])
    }

    package func confirmIntro(_ count: Int, restorableDays days: Int) -> String {
        filling(.confirmIntro, ["count": "\(count)", "days": "\(days)"])
    }

    /// The selection bar's words around the count, which only CSS knows (it counts the ticked boxes, without
    /// JavaScript): `{count}개 선택됨 ·` gives `("", "개 선택됨 ·")`.
    package var selectedCountAround: (before: String, after: String) {
        let marker: Character = "\u{1}"
        let parts = filling(.selectedCount, ["count": String(marker)]).split(separator: marker, omittingEmptySubsequences: false)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", "")
    }

    package func loginWrong(thenWait seconds: Int) -> String {
        filling(.loginWrongWait, ["seconds": "\(seconds)"])
    }

    package func loginThrottled(seconds: Int) -> String {
        filling(.loginThrottled, ["seconds": "\(seconds)"])
    }
}

extension AdminStrings {
    package func restorableUntil(_ date: String) -> String {
        filling(.restorableUntil, ["date": date])
    }

    /// A history thumbnail's words: shown in its place when the market no longer has the photo.
    package func photoBefore(_ index: Int) -> String {
        filling(.photoBefore, ["index": "\(index)"])
    }

    package func photoAfter(_ index: Int) -> String {
        filling(.photoAfter, ["index": "\(index)"])
    }

    /// A history photo the market no longer has (a later change removed it, or the product was deleted).
    package func photoGone(_ index: Int) -> String {
        filling(.photoGone, ["index": "\(index)"])
    }

    /// A deleted product's main photo, by its place among the product's photos.
    package func photoNumber(_ number: Int) -> String {
        filling(.photoNumber, ["number": "\(number)"])
    }

    package func photoCount(_ count: Int) -> String {
        filling(.photoCount, ["count": String(count)])
    }

    /// The words of a deleted product's kept photo.
    package func keptPhoto(_ number: Int) -> String {
        filling(.keptPhoto, ["number": "\(number)"])
    }

    package func actorVisitor(_ address: String) -> String {
        filling(.actorVisitor, ["address": address])
    }

    /// The time column's header names the market's time zone once, so no row needs to.
    package func columnTimeIn(_ zone: String) -> String {
        filling(.columnTimeIn, ["zone": zone])
    }

    package func statusDeleted(days: Int) -> String {
        filling(.statusDeleted, ["days": "\(days)"])
    }

    package func daysLeftToRestore(_ days: Int) -> String {
        filling(days == 1 ? .daysLeftOne : .daysLeft, ["days": String(days)])
    }

    package func deletedMatches(_ count: String) -> String {
        filling(.deletedMatches, ["count": count])
    }

    package func noDeletedProducts(days: Int) -> String {
        filling(.noDeletedProducts, ["days": "\(days)"])
    }

    package func deletedTableCaption(_ total: String, _ from: String, _ to: String) -> String {
        filling(.deletedTableCaption, ["from": from, "to": to, "total": total])
    }

    /// The banner on a deleted product's console page while it can be restored.
    package func deletedBanner(daysLeft: Int, until: String) -> String {
        filling(daysLeft == 1 ? .deletedBannerOne : .deletedBanner, ["daysLeft": String(daysLeft), "until": until])
    }

    package func restoredAs(_ id: Int) -> String {
        filling(.restoredAs, ["id": "\(id)"])
    }

    package func restoredFrom(_ id: Int) -> String {
        filling(.restoredFrom, ["id": "\(id)"])
    }

    package func alreadyRestored(_ id: Int) -> String {
        filling(.alreadyRestored, ["id": "\(id)"])
    }

    package func restoreExpired(days: Int) -> String {
        filling(.restoreExpired, ["days": "\(days)"])
    }

    /// A restore button's accessible name: the action and the product it restores.
    package func restoreNamed(_ name: String) -> String {
        filling(.restoreNamed, ["action": self[.restoreButton], "name": name])
    }

    package func tooManySelected(_ limit: Int) -> String {
        filling(.tooManySelected, ["limit": "\(limit)"])
    }
}
