import OpenMarketTemplating

/// The layout's values, as in the web module's `PageLayout`.
struct BenchLayout: Sendable {
    var language = "ko"
    var title = "상품 목록"
    var csrfToken = "3q2+7w-Zk1V0bX8aQ_pL4nR6tY9uI2oE"
    var flashMessage: String?
    var otherLanguageURL = "/language/en?return=%2Fproducts%3Fpage%3D2"
    var otherLanguageCode = "en"
    var productsPath = "/products"
    var newProductPath = "/products/new"
    var scriptPath = "/js/app.js"
    var stylePath = "/css/site.css"
}

extension BenchLayout: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "language": .text(language)
        case "title": .text(title)
        case "csrfToken": .text(csrfToken)
        case "flashMessage": .text(flashMessage)
        case "otherLanguageURL": .text(otherLanguageURL)
        case "otherLanguageCode": .text(otherLanguageCode)
        case "productsPath": .text(productsPath)
        case "newProductPath": .text(newProductPath)
        case "scriptPath": .text(scriptPath)
        case "stylePath": .text(stylePath)
        default: nil
        }
    }
}
