/// The names of a product's fields as people read them, for the history and the edit conflicts.
enum FieldLabel {
    /// The history records the API's field names; staff read them in their language. Unknown names stay as they are.
    static func text(_ field: String, _ language: Language) -> String {
        let korean = language == .korean
        return switch field {
        case "name": korean ? "상품명" : "Name"
        case "description": korean ? "설명" : "Description"
        case "price": korean ? "가격" : "Price"
        case "currency": korean ? "통화" : "Currency"
        case "discounted_price": korean ? "할인 금액" : "Discount"
        case "stock": korean ? "재고" : "Stock"
        case "thumbnail_id": korean ? "대표 사진" : "Main photo"
        case "images": korean ? "사진" : "Photos"
        case "password": korean ? "비밀번호" : "Password"
        case "question": korean ? "상품 문의" : "Question"
        default: field
        }
    }
}
