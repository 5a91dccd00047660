import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts

/// The like (찜) form of a product page: a toggle button whose state is `aria-pressed`, saying "♡ 찜 3" or "♥ 찜함 4"
/// with how many visitors like the product (`LikeCounts`), and a link to the visitor's own likes with their number. The form says what it asks for (`liked=1` or `0`), so sending it twice
/// does not undo it.
struct LikeButton: Sendable {
    static let formField = "liked"
    /// The form's `id`: its CSRF token is written by the layout for each visitor, tied to the form by `form=`, so the
    /// product page's content (this form included) stays the same for every visitor and can be kept.
    static let formID = "like-form"

    var action: String
    var fieldName = LikeButton.formField
    var formID = LikeButton.formID
    var isLiked: Bool
    /// What submitting the form asks for: the other state.
    var requested: String
    var pressed: String
    var icon: String
    /// "찜" or "찜함".
    var label: String
    /// How many like this product.
    var productLikes: String
    var countText: String
    var listURL: String

    /// What the button shows of the visitor: whether this product is among their likes, and how many they have.
    struct State: Sendable, Hashable {
        var isLiked: Bool
        var count: Int
        /// Everyone's likes of this product.
        var productLikes: Int

        init(productID: Int, likes: ProductTrail, productLikes: Int = 0) {
            isLiked = likes.contains(productID)
            count = likes.count
            self.productLikes = productLikes
        }
    }

    init(productID: Int, state: State, strings: Strings, format: Formatting) {
        action = SiteURL.likeProduct(.value(productID)).link
        isLiked = state.isLiked
        requested = isLiked ? "0" : "1"
        pressed = isLiked ? "true" : "false"
        icon = isLiked ? "♥" : "♡"
        label = isLiked ? strings[.likedState] : strings[.likeAction]
        productLikes = format.number(state.productLikes)
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
        case "label": .text(label)
        case "productLikes": .text(productLikes)
        case "countText": .text(countText)
        case "listURL": .text(listURL)
        case "fieldName": .text(fieldName)
        case "formID": .text(formID)
        default: nil
        }
    }
}
