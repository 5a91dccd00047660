import OpenMarketTemplating

/// One `<option>` of a `<select>` on a page: the storefront's currency choice, the console's filters.
struct SelectOption: Sendable {
    var value: String
    var label: String
    var isSelected: Bool
}

extension SelectOption: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "value": .text(value)
        case "label": .text(label)
        case "isSelected": .bool(isSelected)
        default: nil
        }
    }
}
