/// A value that templates can read names from, such as a page model.
///
/// Conform with a `switch` over the names the templates use. Lookups never use reflection, so a name that
/// the switch does not answer is simply absent, and the renderer goes on looking further down the context
/// stack, as Mustache does.
///
/// `value(forKey:)` must answer the same for the same key throughout a render (plain stored values do): the
/// renderer keeps the nested objects it has asked for, so that `price.salePrice` and `price.saleLabel` do not
/// copy `price` twice.
///
/// ```swift
/// extension ProductCard: TemplateObject {
///     func value(forKey key: String) -> TemplateValue? {
///         switch key {
///         case "name": .text(name)
///         case "price": .object(price)
///         case "isSoldOut": .bool(stock == 0)
///         case "note": .text(note)  // a `String?`: nil is absent
///         default: nil
///         }
///     }
/// }
/// ```
public protocol TemplateObject {
    /// The value a template reads as `key` (one segment of a dotted name), or nil when this object has none.
    func value(forKey key: String) -> TemplateValue?

    /// This object's output of a partial or of a block override, rendered earlier (``TemplateLibrary/renderFragment(_:template:)``,
    /// ``TemplateLibrary/renderFragment(_:block:of:)``): where that partial is included, or that override renders,
    /// with this object on top of the context stack, the fragment is written instead of rendering it. Nil by default.
    /// The fragment was rendered from this object alone, so it must not depend on names the template would find
    /// further down the stack; the object's owner keeps it only as long as the values it was rendered from.
    var renderedFragment: RenderedFragment? { get }
}

extension TemplateObject {
    public var renderedFragment: RenderedFragment? { nil }
}
