import Hummingbird
import OpenMarketCore

/// Routes are registered by `SiteURL` case, never by a path written a second time.
extension RouterMethods {
    @discardableResult
    func get(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .get, use: handler)
    }

    @discardableResult
    func post(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .post, use: handler)
    }

    @discardableResult
    func patch(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .patch, use: handler)
    }

    @discardableResult
    func delete(_ url: SiteURL, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(url.pattern), method: .delete, use: handler)
    }
}
