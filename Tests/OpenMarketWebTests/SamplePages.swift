import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenMarketCore
import OpenMarketEmbedded
import OpenMarketStore
import OpenMarketTexts
@testable import OpenMarketUseCases
@testable import OpenMarketWeb
@testable import OpenMarketWebState

/// Every page model, in both languages and in each of its states, filled so that every name a template reads has
/// a value to show somewhere: discounts, sold-out and low stock, every form error, a flash message, history with
/// changes, and text that needs escaping (a quote followed by a combining mark among it).
enum SamplePages {
    /// A 32-hex image key, as the embedded market names photos, so pages show their `srcset`.
    static func key(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: 32 - hex.count) + hex
    }

    static let tricky = "<b>\"Tom's\" & co\"\u{301}</b> 가격"
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    static func all() -> [(name: String, page: any PageModel)] {
        Language.allCases.flatMap { language in
            (storefront(language) + forms(language) + errors(language) + admin(language)).map { ("\($0.name) \(language)", $0.page) }
        }
    }

    static func context(_ language: Language, title: String = "Title " + tricky, flash: Flash? = .created) -> PageContext {
        var visitor = Visitor()
        visitor.language = language
        visitor.csrfToken = "tok\"en'<>"
        visitor.flash = flash
        let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/products?q=a%26b&page=2")
        return PageContext(title: title, request: Request(head: head, body: RequestBody(buffer: ByteBuffer())), visitor: visitor)
    }

    static func summary(_ id: Int) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: 1, vendorName: "Vendor \(id % 4) " + tricky, name: "Product \(id) " + tricky, description: "About " + tricky,
            thumbnailURL: "/images/\(Self.key(id))_thumb.jpg", currency: id % 2 == 0 ? .usd : .krw, price: Decimal(1000 * id + 50),
            discountedPrice: id % 3 == 0 ? Decimal(100 * id) : 0, stock: id % 5 == 0 ? 0 : id % 7, createdAt: day, issuedAt: day)
    }

    /// `vendor: ""` is a v1 market's product, which has no seller.
    static func detail(images count: Int, stock: Int = 2, vendor: String = "Seller " + tricky) -> ProductDetail {
        let images = (0..<count).map { index in
            ProductDetail.Image(id: 70 + index, url: "/images/\(Self.key(index))_origin.jpg", thumbnailURL: "/images/\(Self.key(index))_thumb.jpg", issuedAt: day)
        }
        return ProductDetail(
            id: 7, vendorID: 1, name: "Lamp " + tricky, description: "Line one\nLine two " + tricky, thumbnailURL: images.first?.thumbnailURL ?? "",
            currency: .krw, price: 12_000, discountedPrice: 2_000, stock: stock, createdAt: day, issuedAt: day, images: images,
            vendor: .init(id: 1, name: vendor))
    }

    static func storefront(_ language: Language) -> [(name: String, page: any PageModel)] {
        let c = context(language)
        let empty = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 0, products: [])
        return [
            ("list-full", ProductListPage(
                context: c, query: ListQuery(page: 2, search: "lamp " + tricky), view: .grid,
                page: ProductPage(pageNo: 2, itemsPerPage: 20, totalCount: 95, products: (21...40).map(summary)))),
            ("list-plain", ProductListPage(
                context: context(language, flash: nil), query: ListQuery(), view: .list,
                page: ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(summary)))),
            ("list-v1-search", ProductListPage(
                context: c, query: ListQuery(search: "lamp " + tricky), view: .grid,
                page: ProductPage(
                    pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(summary), totalIsCapped: true,
                    searchCoverage: .namesOfNewest(count: 500)))),
            ("list-empty", ProductListPage(context: c, query: ListQuery(), view: .grid, page: empty)),
            ("list-empty-search", ProductListPage(context: c, query: ListQuery(search: tricky), view: .grid, page: empty)),
            ("list-past-end", ProductListPage(context: c, query: ListQuery(page: 9), view: .list, page: nil)),
            ("list-filtered", ProductListPage(
                context: c, query: ListQuery(perPage: 50, view: .list, sort: .priceDescending, inStockOnly: true, currency: .krw), view: .list,
                page: ProductPage(pageNo: 1, itemsPerPage: 50, totalCount: 3, products: (1...3).map(summary)))),
            ("list-filtered-empty", ProductListPage(context: c, query: ListQuery(inStockOnly: true, currency: .usd), view: .grid, page: empty)),
            ("list-remote", ProductListPage(
                context: c, query: ListQuery(), view: .grid, page: ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(summary)),
                offersSortingAndFilters: false)),
            ("detail-gallery", ProductDetailPage(
                context: c, product: detail(images: 3), photo: 2, origin: "https://market.example",
                likes: ProductTrail(ProductTrail.likes, ids: [3, 7]), hasSellerPages: true)),
            ("detail-one-photo", ProductDetailPage(
                context: c, product: detail(images: 1, stock: 0), photo: nil, likes: ProductTrail(ProductTrail.likes), hasSellerPages: false)),
            ("detail-no-photo", ProductDetailPage(context: c, product: detail(images: 0, stock: 9), photo: 4, origin: "http://127.0.0.1:8080")),
            ("detail-no-vendor", ProductDetailPage(context: c, product: detail(images: 2, vendor: ""), photo: nil)),
            ("list-home-strip", {
                var page = ProductListPage(
                    context: c, query: ListQuery(), view: .grid,
                    page: ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 3, products: (1...3).map(summary)))
                page.recentStrip = ProductStrip(products: [summary(3), summary(9)], strings: c.strings, format: c.format)
                page.popularSearches = ["캠핑", tricky].map { ProductListPage.SearchLink(text: $0, url: SiteURL.products(ListQuery(search: $0)).link) }
                page.hasPopularSearches = true
                return page
            }()),
            ("likes", LikesPage(context: c, page: 2, likes: ProductTrail(ProductTrail.likes, ids: Array(1...45)), products: (21...40).map(summary))),
            ("likes-empty", LikesPage(context: c, page: 1, likes: ProductTrail(ProductTrail.likes), products: [])),
            ("likes-past-end", LikesPage(context: c, page: 4, likes: ProductTrail(ProductTrail.likes, ids: [1, 2]), products: [])),
            ("recent", RecentPage(context: c, products: (1...5).map(summary))),
            ("recent-empty", RecentPage(context: c, products: [])),
            ("seller", SellerPage(context: c, page: VendorProductPage(
                vendor: .init(id: 4, name: "Seller " + tricky), total: 45, products: (21...40).map(summary), hasNewer: true, hasOlder: true))),
            ("seller-empty", SellerPage(context: c, page: VendorProductPage(
                vendor: .init(id: 4, name: "Seller " + tricky), total: 0, products: [], hasNewer: false, hasOlder: false))),
            ("seller-past-end", SellerPage(context: c, page: VendorProductPage(
                vendor: .init(id: 4, name: "Seller"), total: 3, products: [], hasNewer: true, hasOlder: false))),
            ("delete-refused", ProductDeletePage(context: c, product: detail(images: 2), error: "Wrong " + tricky, writesDisabled: true)),
            ("delete", ProductDeletePage(context: c, product: detail(images: 2), writesDisabled: false)),
            ("detail-questions", ProductDetailPage(
                context: c, product: detail(images: 2), photo: nil, likes: ProductTrail(ProductTrail.likes),
                questions: QuestionSection.Shown(counts: QuestionCounts(total: 25, unanswered: 2), questions: questions().map(\.shownToEveryone)))),
            ("detail-no-questions", ProductDetailPage(
                context: c, product: detail(images: 1), photo: nil, questions: QuestionSection.Shown(counts: QuestionCounts(total: 0, unanswered: 0), questions: []))),
            ("question", QuestionPage(context: c, product: detail(images: 1), question: questions()[0], now: day)),
            ("question-private-refused", QuestionPage(
                context: c, product: detail(images: 1), question: questions()[2].shownToEveryone,
                errors: .init(askerPassword: "Wrong " + tricky, sellerPassword: "Wrong " + tricky, answer: "Too long " + tricky, notice: "Later " + tricky),
                typedAnswer: "Typed " + tricky, now: day)),
            ("question-revealed", QuestionPage(context: c, product: detail(images: 1), question: questions()[2], isRevealed: true, now: day)),
            ("question-ask-refused", QuestionAskPage(
                context: c, product: detail(images: 1), asking: .init(nickname: tricky, text: "Asked " + tricky, password: "pw", isPrivate: true),
                errors: .init(nickname: "Short " + tricky, text: "Long " + tricky, password: "Weak " + tricky, notice: "Later " + tricky))),
            ("question-ask", QuestionAskPage(
                context: c, product: detail(images: 1), asking: .init(nickname: "", text: "", password: "", isPrivate: false), errors: .init())),
        ]
    }

    /// Questions in each state: answered, waiting, private and answered, and hidden.
    static func questions() -> [ProductQuestion] {
        [
            ProductQuestion(
                id: 1, productID: 7, nickname: "Asker " + tricky, text: "Is it " + tricky + "?\nSecond line", isPrivate: false, askedAt: day,
                answer: "Yes " + tricky, answeredAt: day, isHidden: false),
            ProductQuestion(
                id: 2, productID: 7, nickname: "Waiting", text: "Still there?", isPrivate: false, askedAt: day, answer: nil, answeredAt: nil, isHidden: false),
            ProductQuestion(
                id: 3, productID: 7, nickname: "Quiet", text: "My number " + tricky, isPrivate: true, askedAt: day, answer: "Texted " + tricky,
                answeredAt: day, isHidden: false),
            ProductQuestion(
                id: 4, productID: 8, nickname: "Spam", text: "Buy " + tricky, isPrivate: true, askedAt: day, answer: nil, answeredAt: nil, isHidden: true),
        ]
    }

    static func forms(_ language: Language) -> [(name: String, page: any PageModel)] {
        let c = context(language)
        var everyError = FieldErrors()
        for field in FormField.allCases where field != .thumbnailID {
            everyError[field] = "\(field.rawValue) is wrong " + tricky
        }
        var thumbnailError = FieldErrors()
        thumbnailError[.thumbnailID] = "Pick one " + tricky
        var values = ProductFormInput()
        values.name = "Name " + tricky
        values.description = "Description\r\n" + tricky
        values.price = "12,000\""
        values.currency = "USD"
        let product = detail(images: 3)
        var photoError = FieldErrors()
        photoError[.images] = "Photos " + tricky
        // Someone renamed the product while the form was open; the person changed the stock and the name too.
        var changed = product
        changed.name = "Renamed " + tricky
        var typed = ProductFormInput(product: product)
        typed.stock = "12"
        typed.name = "Mine " + tricky
        typed.shown = ShownProduct(product)
        let conflict = EditConflict(submitted: typed, shown: typed.shown, current: changed)!
        return [
            ("form-new", ProductFormPage(context: c, values: ProductFormInput(), product: nil, writesDisabled: false)),
            ("form-new-refused", ProductFormPage(context: c, values: values, product: nil, errors: everyError, writesDisabled: true)),
            ("form-new-kept-photos", ProductFormPage(
                context: c, values: values, product: nil, errors: everyError, writesDisabled: false,
                draft: PhotoDrafts.Draft(key: "draft\"<key>", photos: [
                    PhotoDrafts.Photo(filename: "a " + tricky, mediaType: "image/jpeg", data: Data([1]), token: String(repeating: "a", count: 64)),
                    PhotoDrafts.Photo(filename: "b.jpg", mediaType: "image/jpeg", data: Data([2]), token: String(repeating: "b", count: 64)),
                ]))),
            ("form-edit", ProductFormPage(
                context: c, values: ProductFormInput(product: product), product: product, errors: thumbnailError, notice: "Nothing " + tricky,
                writesDisabled: false)),
            ("form-edit-photos", ProductFormPage(
                context: c, values: ProductFormInput(product: product), product: product, errors: photoError, writesDisabled: false,
                canArrangePhotos: true, photoChoices: PhotoChoices(removed: [product.images[1].id], places: [product.images[2].id: 1]),
                draft: PhotoDrafts.Draft(key: "draft\"<key>", photos: [
                    PhotoDrafts.Photo(filename: "c " + tricky, mediaType: "image/jpeg", data: Data([3]), token: String(repeating: "c", count: 64)),
                ]))),
            ("form-edit-photos-rechoose", ProductFormPage(
                context: c, values: ProductFormInput(product: product), product: product, errors: photoError, writesDisabled: false,
                canArrangePhotos: true, rechoosePhotos: true)),
            ("form-edit-remote-refused", ProductFormPage(
                context: c, values: ProductFormInput(product: product), product: product, errors: photoError, writesDisabled: false)),
            ("form-edit-v1", ProductFormPage(
                context: c, values: ProductFormInput(product: product), product: product, writesDisabled: false, canChooseMainPhoto: false)),
            ("form-admin", ProductFormPage(context: c, values: values, product: product, errors: everyError, writesDisabled: false, isAdmin: true)),
            ("form-edit-conflict", ProductFormPage(
                context: c, values: conflict.merged, product: changed, writesDisabled: false, conflict: conflict)),
        ]
    }

    static func errors(_ language: Language) -> [(name: String, page: any PageModel)] {
        let failures: [(String, any Error)] = [
            ("error-404", HTTPError(.notFound)), ("error-413", HTTPError(.contentTooLarge)), ("error-500", CancellationError()),
            ("error-502", OpenMarketError.unreachable("down")), ("error-503", WebError.writesDisabled),
            ("error-400", WebError.badForm("Bad " + tricky)), ("error-421", WebError.hostNotAllowed),
        ]
        return failures.map { name, error in
            (name, ErrorPage(presentation: ErrorPresentation(error), context: context(language), requestID: "req-1<>", retryURL: "/products?q=\"a\""))
        }
    }

    static func admin(_ language: Language) -> [(name: String, page: any PageModel)] {
        let c = context(language, flash: nil)
        let event = AuditLog.Event(
            id: 1, at: day, actor: "visitor 127.0.0.1", action: .update, productID: 7, productName: "Lamp " + tricky,
            changes: [
                .init(field: "price", old: "1", new: nil), .init(field: "name", old: nil, new: tricky),
                .init(field: "images", old: "2", new: "1", oldPhotos: ["/images/a_thumb.jpg", "/images/b_thumb.jpg"], newPhotos: ["/images/c_thumb.jpg"]),
                .init(field: "thumbnail_id", old: "3", new: "4", oldPhotos: ["/images/a_thumb.jpg"]),
                .init(field: "question", old: "#4 shown", new: "#4 hidden"),
            ],
            snapshot: [.init(field: "stock", old: nil, new: "3")], outcome: .refused, detail: "Refused " + tricky)
        let plain = AuditLog.Event(
            id: 2, at: day, actor: "admin", action: .delete, productID: nil, productName: "Gone", changes: [], snapshot: nil,
            outcome: .success, detail: "")
        // Deletes in every state a restore can be in, and a restore linking back to its deleted product.
        let restorable = AuditLog.Event(
            id: 3, at: day, actor: "admin", action: .delete, productID: 9, productName: "Chair " + tricky, changes: [],
            snapshot: [
                .init(field: "name", old: nil, new: "Chair " + tricky), .init(field: "thumbnail_id", old: nil, new: "57", photoNumbers: [2]),
                .init(field: "images", old: nil, new: "3", photoNumbers: [1, 2, 3]),
            ], outcome: .success, detail: "")
        var restored = restorable
        restored.id = 4
        var restoring = restorable
        restoring.id = 5
        var expired = restorable
        expired.id = 6
        expired.at = day.addingTimeInterval(-60 * 24 * 3600)
        var notKept = restorable
        notKept.id = 7
        notKept.at = Date()
        let restore = AuditLog.Event(
            id: 8, at: day, actor: "admin", action: .restore, productID: 12, productName: "Chair " + tricky, changes: [], snapshot: nil,
            outcome: .success, detail: "", relatedProductID: 9)
        let deletes = [restore, restorable, restored, restoring, expired, notKept]
        let kept: [Int64: DeletedProducts.State] = [
            3: .restorable(until: day.addingTimeInterval(DeletedProducts.retention)), 4: .restored(productID: 12), 5: .restoring,
        ]
        let query = AdminTableQuery(listing: ProductListing(search: tricky, sort: .price, ascending: true, stock: .inStock, currency: .usd), page: 2)
        return [
            ("login", AdminLoginPage(context: c, next: "/admin/products?q=\"x\"")),
            ("login-refused", AdminLoginPage(context: c, next: "/admin", error: "Wrong " + tricky)),
            ("products", AdminProductsPage(
                context: c, query: query, total: 120, products: (1...50).map(summary), deletedMatches: 2, notice: "Select " + tricky)),
            ("products-deleted", AdminProductsPage(
                context: c, query: AdminTableQuery(listing: ProductListing(search: tricky), showsDeleted: true), total: 2, deleted: [
                    DeletedProducts.Restorable(
                        eventID: 3, productID: 9, productName: "Chair " + tricky, deletedAt: day, keptUntil: day.addingTimeInterval(DeletedProducts.retention),
                        snapshot: #"[{"field":"price","new":"35000"},{"field":"currency","new":"KRW"},{"field":"name","new":"Chair"},"# +
                            #"{"field":"description","new":"A chair kept."},{"field":"discounted_price","new":"0"},{"field":"stock","new":"1"}]"#),
                    DeletedProducts.Restorable(
                        eventID: 4, productID: 10, productName: "Mug", deletedAt: day, keptUntil: day.addingTimeInterval(3600), snapshot: nil),
                ], now: day, restoreGivesNewID: true)),
            ("products-deleted-empty", AdminProductsPage(context: c, query: AdminTableQuery(showsDeleted: true), total: 0, deleted: [])),
            ("products-empty", AdminProductsPage(context: c, query: AdminTableQuery(), total: 0, products: [])),
            ("product", AdminProductPage(context: c, id: 7, product: detail(images: 2), events: [event, plain])),
            ("product-deleted", AdminProductPage(context: c, id: 8, product: nil, events: [])),
            ("product-deleted-restorable", AdminProductPage(context: c, id: 9, product: nil, events: deletes, kept: kept)),
            ("product-deleted-restorable-new-id", AdminProductPage(
                context: c, id: 9, product: nil, events: deletes, kept: kept, restoreGivesNewID: true)),
            ("history", AdminHistoryPage(
                context: c, query: AdminHistoryQuery(productID: 7, kind: .refused, from: "2026-05-01", to: "2026-05-31", before: 90),
                page: AuditLog.Page(events: [event, plain], hasNewer: true, hasOlder: true))),
            ("history-restores", AdminHistoryPage(
                context: c, query: AdminHistoryQuery(productID: 9), page: AuditLog.Page(events: deletes, hasNewer: false, hasOlder: false), kept: kept,
                notice: "Already " + tricky)),
            ("history-empty", AdminHistoryPage(context: c, query: AdminHistoryQuery(), page: AuditLog.Page(events: [], hasNewer: false, hasOlder: false))),
            ("questions", AdminQuestionsPage(
                context: c, questions: questions() + (5...51).map { id in
                    ProductQuestion(
                        id: Int64(id), productID: 9, nickname: "N\(id)", text: "Q\(id)", isPrivate: false, askedAt: day, answer: nil,
                        answeredAt: nil, isHidden: false)
                }, names: [7: "Lamp " + tricky], isFirstPage: false, timeZone: AppConfiguration.defaultTimeZone)),
            ("questions-empty", AdminQuestionsPage(context: c, questions: [], names: [:], isFirstPage: true, timeZone: AppConfiguration.defaultTimeZone)),
            ("questions-last", AdminQuestionsPage(
                context: c, questions: questions(), names: [:], isFirstPage: false, timeZone: AppConfiguration.defaultTimeZone)),
            ("delete-confirm", AdminDeleteConfirmPage(context: c, products: [detail(images: 1), detail(images: 0)])),
            ("delete-results", AdminDeleteResultPage(context: c, results: [
                .init(id: 7, name: "Lamp " + tricky, outcome: "Done", outcomeClass: "outcome-success", message: nil),
                .init(id: 8, name: "Mug", outcome: "Refused", outcomeClass: "outcome-refused", message: "Not yours " + tricky),
            ])),
        ]
    }
}
