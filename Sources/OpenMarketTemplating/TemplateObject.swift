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
}
