/// One data set per page family, with variants that flip its sections.
extension PageData {
    struct Page {
        let name: String
        let data: [String: Any]
        /// The templates this data is made for (the first is the page itself), and a text the first one's
        /// output must contain. Data of one page is not rendered with another page's templates: a name that is
        /// an object there would print swift-mustache's debug description, which ours does not print.
        let templates: [String]
        let marker: String
    }

    static func pages(t: [String: Any], a: [String: Any]) -> [Page] {
        let adminTemplates = [
            "admin/products", "admin/product", "admin/history", "admin/login", "admin/delete-confirm", "admin/delete-results",
            "partials/admin-nav", "partials/history-table", "layout",
        ]
        var pages: [Page] = [
            Page(name: "card-discounted", data: card(3), templates: ["partials/product-card", "partials/price"], marker: "original-price"),
            Page(name: "card-sold-out", data: card(5), templates: ["partials/product-card", "partials/price"], marker: "sold-out"),
            Page(name: "field-error", data: field("name", error: true), templates: ["partials/field-error"], marker: "name-error"),
            Page(name: "field-fine", data: field("name", error: false), templates: ["partials/field-error"], marker: "\n"),
            Page(
                name: "form-photos", data: photoForm(layout: layout(flash: false), t: t),
                templates: ["products/form", "partials/kept-photos", "partials/field-error", "layout"], marker: "photo-edit-list"),
        ]
        for (variant, flash) in [("full", true), ("plain", false)] {
            let layout = layout(flash: flash)
            pages += [
                Page(
                    name: "list-\(variant)", data: list(layout: layout, t: t, cards: flash ? 20 : 1),
                    templates: ["products/index", "layout", "partials/pagination"], marker: "p-1"),
                Page(
                    name: "show-\(variant)", data: show(layout: layout, t: t, several: flash),
                    templates: ["products/show", "partials/price", "layout"], marker: "gallery"),
                Page(
                    name: "form-\(variant)", data: form(layout: layout, t: t, isEdit: !flash),
                    templates: ["products/form", "partials/error-summary", "layout"], marker: "product-form"),
                Page(
                    name: "delete-\(variant)", data: delete(layout: layout, t: t, failed: flash),
                    templates: ["products/delete", "partials/price", "layout"], marker: "delete-form"),
                Page(
                    name: "error-\(variant)", data: error(layout: layout, t: t, detailed: flash),
                    templates: ["errors/error", "layout"], marker: "error-status"),
                Page(
                    name: "admin-\(variant)", data: admin(layout: layout, t: t, a: a, full: flash),
                    templates: adminTemplates, marker: "admin-table"),
            ]
        }
        var empty = list(layout: layout(flash: false), t: t, cards: 0)
        empty["isPastTheEnd"] = true
        pages.append(Page(name: "list-past-the-end", data: empty, templates: ["products/index"], marker: "empty-state"))
        empty["isPastTheEnd"] = false
        empty["hasSearch"] = false
        pages.append(Page(name: "list-empty", data: empty, templates: ["products/index"], marker: "empty-state"))
        pages += visitorPages(t: t)
        return pages
    }

    /// The visitor's own lists (likes, recently viewed), a seller's page, and the parts they share with the list
    /// and product pages: the grid, the home page's strip, the like button and the seller block.
    static func visitorPages(t: [String: Any]) -> [Page] {
        var pages: [Page] = []
        for (variant, full) in [("full", true), ("empty", false)] {
            let layout = layout(flash: full)
            let grid: [String: Any] = ["listClass": "view-grid", "cards": full ? (1...3).map { card($0) } : [[String: Any]]()]
            var likes = grid.merging([
                "layout": layout, "t": t, "isEmpty": !full, "isPastTheEnd": false, "firstPageURL": "/likes",
                "productsURL": "/products", "pagination": pagination(needed: full),
            ]) { $1 }
            if full {
                likes["summary"] = "3 liked " + tricky
            }
            pages.append(Page(name: "likes-\(variant)", data: likes, templates: ["likes/index", "partials/product-grid", "layout"], marker: full ? "p-1" : "empty-state"))
            let recent = grid.merging([
                "layout": layout, "t": t, "isEmpty": !full, "summary": "3 viewed " + tricky, "clearAction": "/recent/clear",
                "productsURL": "/products",
            ]) { $1 }
            pages.append(Page(name: "recent-\(variant)", data: recent, templates: ["recent/index", "partials/product-grid", "layout"], marker: full ? "clear-recent-form" : "empty-state"))
            let seller = grid.merging([
                "layout": layout, "t": t, "name": "Seller " + tricky, "summary": "3 products", "hasNoProducts": !full, "isPastTheEnd": false,
                "isEmpty": !full, "firstPageURL": "/sellers/4", "pagination": pagination(needed: full),
            ]) { $1 }
            pages.append(Page(name: "seller-\(variant)", data: seller, templates: ["sellers/show", "partials/product-grid", "layout"], marker: full ? "p-1" : "empty-state"))
        }
        let strip: [String: Any] = [
            "t": t, "recentStrip": [
                "allURL": "/recent",
                "items": (1...2).map { card($0).merging(["photo": ["hasVariants": $0 == 1, "jpeg": "/images/\($0)_w200.jpg 200w"]]) { $1 } },
            ] as [String: Any],
        ]
        pages.append(Page(name: "strip", data: strip, templates: ["partials/product-strip", "partials/price"], marker: "product-strip"))
        for pressed in [true, false] {
            let side: [String: Any] = [
                "t": t, "layout": layout(flash: false),
                "like": ["action": "/products/7/like", "fieldName": "liked", "requested": pressed ? "0" : "1", "pressed": pressed ? "true" : "false",
                         "icon": pressed ? "♥" : "♡", "listURL": "/likes", "countText": "Likes: 3 " + tricky],
                // A remote market's seller has no page: no link.
                "seller": pressed ? ["name": "Seller " + tricky, "url": "/sellers/4"] : ["name": "Seller " + tricky],
            ]
            pages.append(Page(
                name: "side-\(pressed ? "liked" : "not-liked")", data: side, templates: ["partials/like-button", "partials/seller-block"],
                marker: "like-form"))
        }
        return pages
    }

    static func list(layout: [String: Any], t: [String: Any], cards: Int) -> [String: Any] {
        [
            "layout": layout, "t": t, "heading": "All " + tricky, "searchText": "lamp\" onfocus=\"x", "hasSearch": true,
            "resultSummary": "1–20 of 24", "searchSummary": "24 for ‘lamp’", "isEmpty": cards == 0, "emptyTitle": "Nothing",
            "emptyHint": "Try again", "showAllURL": "/products", "isPastTheEnd": false, "firstPageURL": "/products?page=1",
            "isGrid": cards > 1, "listClass": "view-grid", "gridURL": "/products?view=grid#p-1", "listURL": "/products?view=list#p-1",
            "cards": (0..<cards).map { card($0 + 1) }, "pagination": pagination(needed: cards > 1), "view": "grid", "perPage": 20,
            "formAction": "/products", "searchNotice": "Names only " + tricky,
        ]
    }

    static func show(layout: [String: Any], t: [String: Any], several: Bool) -> [String: Any] {
        let photos: [[String: Any]] = (0..<(several ? 3 : 1)).map {
            ["linkURL": "/products/7?photo=\($0)", "index": $0, "fullURL": "/images/7/\($0).jpg", "alt": "Photo \($0) " + tricky,
             "isCurrent": $0 == 0, "thumbnailURL": "/images/7/\($0)-t.jpg"]
        }
        return [
            "layout": layout, "t": t, "name": "Lamp " + tricky, "price": price(discounted: several),
            "current": ["fullURL": "/images/7/0.jpg", "alt": "Photo", "counter": "1 / 3", "hasSeveralPhotos": several, "photos": photos],
            "stock": ["text": "3 left", "isSoldOut": false, "isLow": several], "vendorName": "Vendor", "hasVendor": true,
            "registeredISO": "2026-01-02", "registeredOn": "2 Jan 2026", "description": "Line one\nLine <two>\n  indented",
            "editURL": "/products/7/edit", "deleteURL": "/products/7/delete", "backURL": "/products",
        ]
    }

    static func field(_ id: String, error: Bool) -> [String: Any] {
        var field: [String: Any] = ["id": id, "hintID": "\(id)-hint", "errorID": "\(id)-error", "hasError": error, "describedBy": "\(id)-hint"]
        if error {
            field["error"] = "Wrong " + tricky
        }
        return field
    }

    static func form(layout: [String: Any], t: [String: Any], isEdit: Bool) -> [String: Any] {
        let errors = !isEdit
        var currency = field("currency", error: errors)
        currency["currencies"] = [["value": "KRW", "isSelected": true, "label": "₩ KRW"], ["value": "USD", "isSelected": false, "label": "$ USD"]]
        var images = field("images", error: errors)
        images["mustRechoosePhotos"] = errors
        return [
            "layout": layout, "t": t, "heading": isEdit ? "Edit" : "New", "writesDisabled": errors, "hasErrors": errors,
            "summaryTitle": "Problems", "summary": errors ? [["fieldID": "name", "message": "Too short <3"]] : [[String: Any]](),
            "notice": "Note " + tricky, "action": "/products", "enctype": "multipart/form-data",
            "values": ["name": "Lamp \"x\"", "description": "A\nB", "price": "10,000", "discountedPrice": "", "stock": "3"],
            "nameMin": 1, "nameMax": 100, "descriptionMin": 10, "descriptionMax": 1_000, "passwordMin": 4, "maxImages": 5,
            "maxImageBytes": 307_200, "name": field("name", error: errors), "description": field("description", error: false),
            "price": field("price", error: errors), "currency": currency, "discountedPrice": field("discounted", error: false),
            "stock": field("stock", error: errors), "images": images, "isEdit": isEdit, "isAdmin": isEdit,
            "thumbnail": field("thumbnail", error: isEdit), "choosesMainPhoto": isEdit,
            "thumbnails": [
                ["inputID": "t1", "imageID": 11, "isChecked": true, "url": "/i/1", "alt": "one"],
                ["inputID": "t2", "imageID": 12, "isChecked": false, "url": "/i/2", "alt": "two"],
            ],
            "password": field("password", error: errors), "submitLabel": "Save", "cancelURL": "/products",
        ]
    }

    /// The embedded market's edit form: the product's photos with their choices, and new photos kept from a refused try.
    static func photoForm(layout: [String: Any], t: [String: Any]) -> [String: Any] {
        var data = form(layout: layout, t: t, isEdit: true)
        data["isAdmin"] = false
        data["choosesMainPhoto"] = false
        data["editsPhotos"] = true
        data["images"] = field("images", error: true)
        data["photoRows"] = [11, 12].map { id in
            [
                "imageID": id, "url": "/i/\(id)", "alt": "Photo \(id) " + tricky, "mainID": "thumbnail-\(id)", "placeID": "photo-place-\(id)",
                "placeName": "photo_place_\(id)", "removeID": "remove-image-\(id)", "isMain": id == 11, "isRemoved": id == 12,
                "places": [["value": "1", "label": "1", "isSelected": id == 11], ["value": "2", "label": "2", "isSelected": id == 12]],
            ] as [String: Any]
        }
        data["hasKeptPhotos"] = true
        data["draftKey"] = "draft\"<key>"
        data["keptPhotos"] = [["token": "aa", "inputID": "remove-photo-1", "url": "/d/aa", "alt": "Kept " + tricky]]
        data["mustRechoosePhotos"] = false
        return data
    }

    static func delete(layout: [String: Any], t: [String: Any], failed: Bool) -> [String: Any] {
        [
            "layout": layout, "t": t, "writesDisabled": failed, "thumbnailURL": "/images/7/t.jpg", "name": "Lamp " + tricky,
            "price": price(discounted: failed), "action": "/products/7/delete", "password": field("password", error: failed),
            "cancelURL": "/products/7",
        ]
    }

    static func error(layout: [String: Any], t: [String: Any], detailed: Bool) -> [String: Any] {
        var data: [String: Any] = [
            "layout": layout, "t": t, "heading": "Not found", "status": 404, "message": "No such " + tricky,
            "isRetryable": detailed, "retryURL": "/products?retry", "showsRequestID": detailed, "requestID": "req-1",
        ]
        if detailed {
            data["detail"] = "Detail " + tricky
        }
        return data
    }
}
