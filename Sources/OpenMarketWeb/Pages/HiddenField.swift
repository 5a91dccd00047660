import OpenMarketTemplating

/// An `<input type="hidden">` a form carries so that submitting it keeps the rest of the page's state.
struct HiddenField: Sendable, Hashable {
    var name: String
    var value: String
}

extension HiddenField: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": .text(name)
        case "value": .text(value)
        default: nil
        }
    }
}
