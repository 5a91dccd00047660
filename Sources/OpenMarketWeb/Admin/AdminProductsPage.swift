import Foundation
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState

/// `/admin/products`: every product in a sortable, filterable table with bulk delete.
struct AdminProductsPage: PageModel {
    static let templateName = "admin/products"

    struct Column: Sendable {
        var label: String
        var sortURL: String
        var ariaSort: String
        var indicator: String
        /// How the sorted column orders what cannot be compared: amounts in two currencies.
        var note: String?
    }

    struct Row: Sendable {
        var id: Int
        var checkboxID: String
        var thumbnailURL: String
        var name: String
        var vendor: String
        var price: String
        var discount: String
        var stock: String
        var isSoldOut: Bool
        var date: String
        var dateISO: String
        var adminURL: String
        var shopURL: String
        var editURL: String
        /// The product's page, whose delete button leads to the same confirmation as a bulk delete.
        var deleteURL: String
    }

    var context: PageContext
    var admin: AdminLayout
    var search: String
    var statusOptions: [SelectOption]
    /// The "deleted" filter is on: `deletedRows` instead of `rows`, no bulk delete, no sorting.
    var showsDeleted: Bool
    var deletedRows: [AdminDeletedRow] = []
    /// Under a search of products on sale: how many deleted products it matches, and the link to them.
    var deletedMatchesNote: String?
    var deletedMatchesURL: String?
    var stockOptions: [SelectOption]
    var currencyOptions: [SelectOption]
    var sort: String
    var direction: String
    var columns: [Column]
    var rows: [Row]
    var isEmpty: Bool
    var caption: String
    var pagination: Pagination
    var exportURL: String
    var deleteAction: String
    var tableAction: String
    var notice: String?
    /// Above the deleted products, where the market gives a restored product a new id.
    var restoreIDNote: String?
    /// The selection bar's words before and after the count of ticked rows (CSS counts them).
    var selectedBefore: String
    var selectedAfter: String

    init(
        context: PageContext, query: AdminTableQuery, total: Int, products: [ProductSummary] = [], deleted: [DeletedProducts.Restorable] = [],
        deletedMatches: Int = 0, notice: String? = nil, now: Date = Date(), timeZone: TimeZone = AppConfiguration.defaultTimeZone,
        restoreGivesNewID: Bool = false
    ) {
        let a = context.language.adminStrings
        let format = context.format
        self.context = context
        admin = AdminLayout(language: context.language)
        let listing = query.listing
        search = listing.search ?? ""
        showsDeleted = query.showsDeleted
        (selectedBefore, selectedAfter) = a.selectedCountAround
        restoreIDNote = query.showsDeleted && restoreGivesNewID ? a[.restoreGivesNewID] : nil
        statusOptions = [
            SelectOption(value: "", label: a[.statusOnSale], isSelected: !query.showsDeleted),
            SelectOption(value: "deleted", label: a.statusDeleted(days: DeletedProducts.retentionDays), isSelected: query.showsDeleted),
        ]
        deletedRows = deleted.map { AdminDeletedRow($0, format: format, language: context.language, now: now, timeZone: timeZone) }
        if deletedMatches > 0 {
            deletedMatchesNote = a.deletedMatches(format.number(deletedMatches))
            deletedMatchesURL = SiteURL.admin(.products(query.with(showsDeleted: true))).link
        }
        stockOptions = [
            SelectOption(value: "", label: a[.filterAll], isSelected: listing.stock == nil),
            SelectOption(value: "in", label: a[.filterInStock], isSelected: listing.stock == .inStock),
            SelectOption(value: "out", label: a[.filterSoldOut], isSelected: listing.stock == .soldOut),
        ]
        currencyOptions = [SelectOption(value: "", label: a[.filterAll], isSelected: listing.currency == nil)]
            + Currency.allCases.map { SelectOption(value: $0.rawValue, label: $0.rawValue, isSelected: listing.currency == $0) }
        sort = listing.sort.rawValue
        direction = listing.ascending ? "asc" : "desc"
        let labels: [(ProductListing.Sort, String)] = [
            (.id, a[.columnID]), (.name, a[.columnName]), (.vendor, a[.columnVendor]), (.price, a[.columnPrice]),
            (.discount, a[.columnDiscount]), (.stock, a[.columnStock]), (.date, a[.columnDate]),
        ]
        columns = labels.map { sort, label in
            let isSorted = listing.sort == sort
            return Column(
                label: label, sortURL: SiteURL.admin(.products(query.sorted(by: sort))).link,
                ariaSort: isSorted ? (listing.ascending ? "ascending" : "descending") : "none",
                indicator: isSorted ? (listing.ascending ? "▲" : "▼") : "",
                note: isSorted && (sort == .price || sort == .discount) ? a[.groupedByCurrency] : nil)
        }
        rows = products.map { product in
            Row(
                id: product.id, checkboxID: "select-\(product.id)", thumbnailURL: product.thumbnailURL, name: product.name,
                vendor: product.vendorName, price: format.price(product.price, currency: product.currency),
                discount: product.discountedPrice > 0 ? format.price(product.discountedPrice, currency: product.currency) : "—",
                stock: format.number(product.stock), isSoldOut: product.stock == 0, date: format.date(product.createdAt, in: timeZone),
                dateISO: format.isoDay(product.createdAt, in: timeZone), adminURL: SiteURL.admin(.product(.value(product.id))).link,
                shopURL: SiteURL.product(.value(product.id)).link, editURL: SiteURL.admin(.editProduct(.value(product.id))).link,
                deleteURL: SiteURL.admin(.product(.value(product.id))).link + "#delete")
        }
        let shown = query.showsDeleted ? deleted.count : products.count
        isEmpty = shown == 0
        let first = (query.page - 1) * AdminTableQuery.perPage + 1
        let range = (total: format.number(total), from: format.number(first), to: format.number(first + shown - 1))
        caption = shown == 0
            ? (query.showsDeleted ? a.noDeletedProducts(days: DeletedProducts.retentionDays) : a[.emptyTable])
            : (query.showsDeleted ? a.deletedTableCaption(range.total, range.from, range.to) : a.tableCaption(total: range.total, from: range.from, to: range.to))
        let lastPage = max(1, (total + AdminTableQuery.perPage - 1) / AdminTableQuery.perPage)
        pagination = Pagination(current: query.page, lastPage: lastPage, strings: context.strings, format: format) {
            SiteURL.admin(.products(query.with(page: $0))).link
        }
        exportURL = SiteURL.admin(.export(query)).link
        deleteAction = SiteURL.admin(.confirmDelete).link
        tableAction = SiteURL.admin(.products()).link
        self.notice = notice
    }
}

extension AdminProductsPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "admin": .object(admin)
        case "search": .text(search)
        case "statusOptions": .list(statusOptions)
        case "showsDeleted": .bool(showsDeleted)
        case "deletedRows": .list(deletedRows)
        case "deletedMatchesNote": .text(deletedMatchesNote)
        case "deletedMatchesURL": .text(deletedMatchesURL)
        case "stockOptions": .list(stockOptions)
        case "currencyOptions": .list(currencyOptions)
        case "sort": .text(sort)
        case "direction": .text(direction)
        case "columns": .list(columns)
        case "rows": .list(rows)
        case "isEmpty": .bool(isEmpty)
        case "caption": .text(caption)
        case "pagination": .object(pagination)
        case "exportURL": .text(exportURL)
        case "deleteAction": .text(deleteAction)
        case "tableAction": .text(tableAction)
        case "notice": .text(notice)
        case "restoreIDNote": .text(restoreIDNote)
        case "selectedBefore": .text(selectedBefore)
        case "selectedAfter": .text(selectedAfter)
        default: context.value(forKey: key)
        }
    }
}

extension AdminProductsPage.Column: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": .text(label)
        case "sortURL": .text(sortURL)
        case "ariaSort": .text(ariaSort)
        case "indicator": .text(indicator)
        case "note": .text(note)
        default: nil
        }
    }
}

extension AdminProductsPage.Row: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .int(id)
        case "checkboxID": .text(checkboxID)
        case "thumbnailURL": .text(thumbnailURL)
        case "name": .text(name)
        case "vendor": .text(vendor)
        case "price": .text(price)
        case "discount": .text(discount)
        case "stock": .text(stock)
        case "isSoldOut": .bool(isSoldOut)
        case "date": .text(date)
        case "dateISO": .text(dateISO)
        case "adminURL": .text(adminURL)
        case "shopURL": .text(shopURL)
        case "editURL": .text(editURL)
        case "deleteURL": .text(deleteURL)
        default: nil
        }
    }
}
