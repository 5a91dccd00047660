/// A value handed to a template: what a `{{name}}` prints and how a `{{#name}}` section treats it.
///
/// | value | `{{name}}` prints | `{{#name}}…{{/name}}` |
/// | --- | --- | --- |
/// | `.text` | the text, HTML-escaped | once, with the text as `{{.}}` (an empty text counts as present) |
/// | `.int` | its decimal digits | once, with the number as `{{.}}` (zero counts as present) |
/// | `.bool` | `true` or `false` | once when true, with the context unchanged |
/// | `.object` | nothing | once, with the object pushed on the context stack |
/// | `.list`, `.texts` | nothing | once per element, the element pushed on the context stack |
///
/// An absent value (nil), `false` and an empty list are falsy: only `{{^name}}` sections render for them.
public enum TemplateValue {
    /// Text, HTML-escaped when printed.
    case text(String)
    /// A number, printed as decimal digits.
    case int(Int)
    /// A flag for `{{#name}}` and `{{^name}}` sections.
    case bool(Bool)
    /// A nested object, for dotted names and sections. A struct larger than three words is copied into a
    /// box each time it is returned; the renderer asks once per section frame and name prefix.
    case object(any TemplateObject)
    /// Objects a section loops over, such as `[ProductCard]`.
    case list(any TemplateList)
    /// Texts a section loops over, each printed with `{{.}}`.
    case texts([String])

    /// An optional text: nil is absent, so sections over it work as "if present".
    public static func text(_ text: String?) -> TemplateValue? {
        guard let text else { return nil }
        return .text(text)
    }

    /// An optional object: nil is absent.
    public static func object(_ object: (any TemplateObject)?) -> TemplateValue? {
        guard let object else { return nil }
        return .object(object)
    }
}
