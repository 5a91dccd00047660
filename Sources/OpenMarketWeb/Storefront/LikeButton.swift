import OpenMarketCore
import OpenMarketTemplating

/// The like (찜) form of a product page: a toggle button whose state is `aria-pressed`, and the number of
/// products in the visitor's likes. The form says what it asks for (`liked=1` or `0`), so sending it twice
/// does not undo it.
struct LikeButton: Sendable {
    static let formField = "liked"

    var action: String
    var fieldName = LikeButton.formField
    var isLiked: Bool
    /// What submitting the form asks for: the other state.
    var requested: String
    var pressed: String
    var icon: String
    var countText: String
    var listURL: String

    init(productID: Int, likes: ProductTrail, strings: Strings, format: Formatting) {
        action = SiteURL.likeProduct(.value(productID)).link
        isLiked = likes.contains(productID)
        requested = isLiked ? "0" : "1"
        pressed = isLiked ? "true" : "false"
        icon = isLiked ? "♥" : "♡"
        countText = strings.likesCount(format.number(likes.count))
        listURL = SiteURL.likes().link
    }
}

extension LikeButton: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "action": .text(action)
        case "isLiked": .bool(isLiked)
        case "requested": .text(requested)
        case "pressed": .text(pressed)
        case "icon": .text(icon)
        case "countText": .text(countText)
        case "listURL": .text(listURL)
        case "fieldName": .text(fieldName)
        default: nil
        }
    }
}
