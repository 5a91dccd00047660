import Hummingbird
import OpenMarketCore
import OpenMarketTexts
import OpenMarketWebState

/// What a visitor keeps without an account, in cookies: likes (찜) and the products they viewed.
///
/// The like form is a plain POST → redirect → GET; the page's script sends the same form with
/// `Accept: application/json` and gets the new state instead of a redirect, to change the button in place.
struct VisitorListsController: Sendable {
    typealias Context = AppRequestContext

    let market: any OpenMarketAPI
    let shelf: ProductShelf
    let likeCounts: LikeCounts
    let renderer: PageRenderer
    let bodyDeadline: Duration

    func addRoutes(to pages: RouterGroup<Context>) {
        pages.post(.likeProduct(.key), use: like)
        pages.get(.likes(), use: likes)
        pages.get(.recent, use: recent)
        pages.post(.clearRecent, use: clearRecent)
    }

    @Sendable func like(_ request: Request, context: Context) async throws -> Response {
        let id = try context.productID()
        let form = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        let liked: Bool
        switch form[LikeButton.formField] {
        case "1": liked = true
        case "0": liked = false
        default: throw WebError.badForm("The field \(LikeButton.formField) must be 1 (like) or 0 (take the like back).")
        }
        var likes = context.visitor.likes
        let wasLiked = likes.contains(id)
        if liked {
            // Only products that exist are kept; an unknown one is a 404 like its page.
            _ = try await market.product(id: id)
            likes.putFirst(id)
        } else {
            likes.remove(id)
        }
        // The cookie says what this visitor liked before; the product's count moves only when that changes.
        let productLikes = try await likeCounts.record(productID: id, wasLiked: wasLiked, liked: liked)
        let strings = context.visitor.strings
        var response: Response
        if Self.wantsJSON(request) {
            let format = Formatting(language: context.visitor.language)
            let count = format.number(likes.count)
            response = WireResponse.json(.object([
                ("liked", .bool(liked)), ("count", .int(likes.count)), ("countText", .string(strings.likesCount(count))),
                ("label", .string(liked ? strings[.likedState] : strings[.likeAction])), ("productLikes", .int(productLikes)),
                ("productLikesText", .string(format.number(productLikes))),
                ("message", .string(liked ? strings[.flashLiked] : strings[.flashUnliked])),
            ]))
            response.headers[.cacheControl] = "no-store"
        } else {
            response = Redirect.to(SiteURL.product(.value(id)).link, flash: liked ? .liked : .unliked)
        }
        response.setCookie(likes.cookie)
        return response
    }

    @Sendable func likes(_ request: Request, context: Context) async throws -> Response {
        let requested = FormQuery(request).get("page").flatMap(Int.init) ?? 1
        let page = min(max(1, requested), WebLimits.maxPage)
        var likes = context.visitor.likes
        let products = try await shelf.existing(in: &likes) { LikesPage.ids($0, page: page) }
        let strings = context.visitor.strings
        var response = try renderer.response(LikesPage(
            context: PageContext(title: strings[.likesTitle], request: request, visitor: context.visitor), page: page, likes: likes, products: products))
        if likes != context.visitor.likes { response.setCookie(likes.cookie) }
        response.keepPerVisitor()
        return response
    }

    @Sendable func recent(_ request: Request, context: Context) async throws -> Response {
        var recent = context.visitor.recent
        let products = try await shelf.existing(in: &recent) { $0.ids }
        let strings = context.visitor.strings
        var response = try renderer.response(RecentPage(
            context: PageContext(title: strings[.recentTitle], request: request, visitor: context.visitor), products: products))
        if recent != context.visitor.recent { response.setCookie(recent.cookie) }
        response.keepPerVisitor()
        return response
    }

    @Sendable func clearRecent(_ request: Request, context: Context) async throws -> Response {
        _ = try await SubmittedForm.read(request, context: context, deadline: bodyDeadline)
        var response = Redirect.to(SiteURL.recent.link, flash: .recentCleared)
        response.setCookie(ProductTrail(ProductTrail.recent).cookie)
        return response
    }

    /// The page's script asks for JSON; a browser's own form post never does.
    static func wantsJSON(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") == true
    }
}
