import Mustache
import OpenMarketInput

/// HTML escaping per Unicode scalar.
///
/// swift-mustache 2.1.1 escapes per `Character`, so a `"` followed by a combining mark (U+0301) is one
/// grapheme cluster that is not in its table and goes out raw, closing an attribute. Every template
/// declares this content type (`{{% CONTENT_TYPE: SAFE_HTML }}`) so the library escapes through it.
public struct HTMLEscaper: MustacheContentType {
    public static let contentTypeName = "SAFE_HTML"

    public init() {}

    public func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    public static func escape(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }

    /// Registers the content type with the library; idempotent.
    static func register() {
        MustacheContentTypes.register(HTMLEscaper(), named: contentTypeName)
    }
}
