/// Why a render failed. Both are programming errors that tests catch; data never makes a render fail.
public enum TemplateRenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No template has this name.
    case unknownTemplate(String)
    /// Partials nest deeper than ``TemplateLibrary/maximumPartialDepth``: a template that includes itself
    /// without a section that ends the recursion.
    case partialsTooDeep(String)

    public var description: String {
        switch self {
        case .unknownTemplate(let name): "No template named \(name)"
        case .partialsTooDeep(let name): "Partials nest too deep rendering \(name)"
        }
    }
}
