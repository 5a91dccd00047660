import Foundation

/// Data shaped like the project's page models, as dictionaries both engines can read, with text that needs
/// escaping (`<`, `&`, quotes, a quote with a combining mark) and non-ASCII text in every kind of place.
enum PageData {
    static let tricky = "<b>\"Tom's\" & co\"\u{301}</b> 가격"

    /// A text for every `t.…` and `a.…` name the templates use, so no catalogue entry renders empty.
    static func catalogues(templatesDirectory: URL) throws -> (t: [String: Any], a: [String: Any]) {
        var t: [String: Any] = [:]
        var a: [String: Any] = [:]
        let pattern = try Regex(#"\b([ta])\.([A-Za-z]+)"#)
        let enumerator = FileManager.default.enumerator(at: templatesDirectory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "mustache" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: pattern) {
                guard let catalogue = match.output[1].substring, let key = match.output[2].substring.map(String.init) else { continue }
                if catalogue == "t" {
                    t[key] = "\(key) ‹t›"
                } else {
                    a[key] = "\(key) & ‹a›"
                }
            }
        }
        return (t, a)
    }

    static func layout(flash: Bool) -> [String: Any] {
        var layout: [String: Any] = [
            "language": "ko", "title": "Products " + tricky, "csrfToken": "tok\"en'<>",
            "otherLanguageURL": "/language/en?return=%2Fproducts%3Fq%3Da%26b", "otherLanguageCode": "en",
            "productsPath": "/products", "newProductPath": "/products/new", "scriptPath": "/js/app.js", "stylePath": "/css/site.css",
        ]
        if flash {
            layout["flashMessage"] = "Saved " + tricky
        }
        return layout
    }

    static func price(discounted: Bool) -> [String: Any] {
        [
            "salePrice": "₩9,000", "originalPrice": "₩10,000", "hasDiscount": discounted, "discountRate": discounted ? "10%" : "",
            "originalLabel": "Original <price>", "saleLabel": "Sale", "discountLabel": "off",
        ]
    }

    static func pagination(needed: Bool) -> [String: Any] {
        var links: [[String: Any]] = []
        for number in [1, 2, 3] {
            links.append([
                "number": "\(number)", "label": "Page \(number)", "url": "/products?page=\(number)&q=a",
                "isCurrent": number == 2, "isGap": false,
            ])
        }
        links.append(["number": "…", "label": "", "url": "", "isCurrent": false, "isGap": true])
        links.append(["number": "9", "label": "Page 9", "url": "/products?page=9", "isCurrent": false, "isGap": false])
        var pagination: [String: Any] = ["links": links, "isNeeded": needed]
        if needed {
            pagination["previousURL"] = "/products?page=1"
            pagination["nextURL"] = "/products?page=3"
            pagination["loadMoreURL"] = "/products?page=3"
        }
        return pagination
    }

    static func card(_ index: Int) -> [String: Any] {
        [
            "id": index, "anchor": "p-\(index)", "url": "/products/\(index)", "name": "Product \(index) " + tricky,
            "thumbnailURL": "/images/\(index)/thumb.jpg", "price": price(discounted: index % 3 == 0),
            "stock": ["text": index % 5 == 0 ? "Sold out" : "\(index) left", "isSoldOut": index % 5 == 0, "isLow": index % 4 == 1],
            "vendorName": "Vendor \(index % 4)",
        ]
    }
}
