/// A page model knows which template renders it; the model's stored properties are the template's values.
public protocol PageModel: Sendable {
    static var templateName: String { get }
}
