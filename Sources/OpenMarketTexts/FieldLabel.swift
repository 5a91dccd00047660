/// The names of a product's fields as people read them, for the history and the edit conflicts.
package enum FieldLabel {
    /// The history records the API's field names; staff read them in their language. Unknown names stay as they are.
    package static func text(_ field: String, _ language: Language) -> String {
        let key: StorefrontText? = switch field {
        case "name": .labelName
        case "description": .labelDescription
        case "price": .labelPrice
        case "currency": .labelCurrency
        case "discounted_price": .labelDiscount
        case "stock": .labelStock
        case "thumbnail_id": .labelMainPhoto
        case "images": .labelPhotos
        case "password": .labelPassword
        case "question": .labelQuestion
        default: nil
        }
        return key.map { language.strings[$0] } ?? field
    }
}
