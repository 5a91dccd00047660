import OpenMarketTemplating

/// A page model knows which template renders it, and answers the template's names with a hand-written `switch`
/// (`TemplateObject`), so no render reflects over a value.
public protocol PageModel: TemplateObject, Sendable {
    static var templateName: String { get }
}
