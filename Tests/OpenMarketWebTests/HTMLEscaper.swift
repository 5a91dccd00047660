import Mustache
import OpenMarketTemplating

/// The project's escaping (`HTMLEscaping`, per Unicode scalar) as swift-mustache's `SAFE_HTML` content type, for
/// the reference renderings of `PageRenderingTests` and the checks of `HTMLEscaperTests`. The server renders with
/// OpenMarketTemplating, which writes every value through that same function; `PageRenderingTests` holds the two
/// to the same bytes.
struct HTMLEscaper: MustacheContentType {
    static let contentTypeName = "SAFE_HTML"

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }

    /// Registers the content type with swift-mustache; idempotent.
    static func register() {
        MustacheContentTypes.register(HTMLEscaper(), named: contentTypeName)
    }
}
