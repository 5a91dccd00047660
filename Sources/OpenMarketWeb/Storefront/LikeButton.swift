import OpenMarketCore
import OpenMarketTemplating

/// The like (찜) form of a product page: a toggle button whose state is `aria-pressed`, and the number of
/// products in the visitor's likes. The form says what it asks for (`liked=1` or `0`), so sending it twice
/// does not undo it.
struct LikeButton: Sendable {
    static let formField = "liked"
    /// The form's `id`: its CSRF token is written by the layout for each visitor, tied to the form by `form=`, so the
    /// product page's content (this form included) stays the same for every visitor and can be kept.
    static let formID = "like-form"

    var action: String
    var fieldName = LikeButton.formField
    var isLiked: Bool
    /// What submitting the form asks for: the other state.
    var requested: String
    var pressed: String
    var icon: String
    var countText: String
    var listURL: String

    /// What the button shows of the visitor: whether this product is among their likes, and how many they have.
    struct State: Sendable, Hashable {
        var isLiked: Bool
        var count: Int

        init(productID: Int, likes: ProductTrail) {
            isLiked = likes.contains(productID)
            count = likes.count
        }
    }

    init(productID: Int, state: State, strings: Strings, format: Formatting) {
        action = SiteURL.likeProduct(.value(productID)).link
        isLiked = state.isLiked
        requested = isLiked ? "0" : "1"
        pressed = isLiked ? "true" : "false"
        icon = isLiked ? "♥" : "♡"
        countText = strings.likesCount(format.number(state.count))
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
