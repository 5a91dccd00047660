extension PageData {
    /// One data set for every admin page: they use different names, so one dictionary serves them all.
    static func admin(layout: [String: Any], t: [String: Any], a: [String: Any], full: Bool) -> [String: Any] {
        let change: [[String: Any]] = [
            ["field": "price", "old": "1 <0>", "new": "2 & 0", "hasPhotos": false],
            ["field": "images", "old": "2", "new": "1", "hasPhotos": true, "oldPhotos": [["url": "/a.jpg", "alt": "Before " + tricky]],
             "newPhotos": [[String: Any]]()],
        ]
        let historyRows: [[String: Any]] = [
            ["timeISO": "2026-01-02T03:04:05Z", "time": "2 Jan", "actor": "admin", "action": "update", "productURL": "/admin/products/7",
             "productName": "Lamp " + tricky, "hasChanges": true, "changes": change, "hasSnapshot": false, "outcomeClass": "ok", "outcome": "Done"],
            ["timeISO": "2026-01-02T03:04:06Z", "time": "2 Jan", "actor": "vendor", "action": "delete", "productName": "Gone",
             "hasChanges": false, "hasSnapshot": true, "snapshot": change, "outcomeClass": "failed", "outcome": "Failed",
             "detail": "Detail " + tricky],
        ]
        let rows: [[String: Any]] = (1...(full ? 3 : 1)).map {
            ["id": $0, "checkboxID": "row-\($0)", "thumbnailURL": "/images/\($0)/t.jpg", "adminURL": "/admin/products/\($0)",
             "name": "Item \($0) " + tricky, "vendor": "V", "price": "₩1,000", "discount": "", "isSoldOut": $0 == 2, "stock": $0,
             "dateISO": "2026-01-02", "date": "2 Jan", "shopURL": "/products/\($0)", "editURL": "/admin/products/\($0)/edit",
             "deleteURL": "/admin/products/\($0)/delete"]
        }
        let options: [[String: Any]] = [["value": "", "isSelected": !full, "label": "All"], ["value": "out", "isSelected": full, "label": "Sold out"]]
        return [
            "layout": layout, "t": t,
            "admin": ["a": a, "signedIn": full, "productsURL": "/admin/products", "historyURL": "/admin/history", "logoutURL": "/admin/logout", "questionsURL": "/admin/questions", "questionsTitle": "Questions"],
            "intro": "Delete these?", "action": "/admin/login", "cancelURL": "/admin/products", "next": "/admin/products?q=a&b=c",
            "items": rows.map { ["id": $0["id"] ?? 0, "thumbnailURL": "/t.jpg", "name": "Item", "price": "₩1", "vendor": "V"] },
            "results": [
                ["id": 1, "name": "Item", "outcomeClass": "ok", "outcome": "Deleted", "message": "Note " + tricky],
                ["id": 2, "name": "Other", "outcomeClass": "failed", "outcome": "Failed"],
            ],
            "heading": "History " + tricky, "isFiltered": full, "allHistoryURL": "/admin/history", "isEmpty": !full,
            "historyCaption": "Changes", "historyRows": full ? historyRows : [[String: Any]](), "pagination": pagination(needed: full),
            "hasError": full, "error": "Wrong password", "name": "Lamp " + tricky, "id": 7, "exists": full, "thumbnailURL": "/t.jpg",
            "vendor": "V", "price": "₩9,000", "stock": 0, "shopURL": "/products/7", "editURL": "/admin/products/7/edit",
            "deleteAction": "/admin/products/delete", "hasHistory": full, "notice": "Deleted 2", "tableAction": "/admin/products",
            "search": "q\"<", "stockOptions": options, "currencyOptions": options, "sort": "name", "direction": "asc",
            "exportURL": "/admin/products.csv?q=a&b", "caption": "Products",
            "columns": [["ariaSort": "ascending", "sortURL": "/admin/products?sort=name&dir=desc", "label": "Name", "indicator": "▲"]],
            "rows": rows,
        ]
    }
}
