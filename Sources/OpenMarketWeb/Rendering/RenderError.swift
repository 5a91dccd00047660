/// A page model named a template the library does not have.
public struct RenderError: Error, CustomStringConvertible {
    public let templateName: String
    public var description: String { "No template named \(templateName)" }
}
