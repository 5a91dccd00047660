import Mustache
import OpenMarketTemplating
import Testing

/// Renders with both engines and expects the same bytes, and `expected` when given.
func expectSameOutput(
    _ sources: [String: String],
    _ data: [String: Any] = [:],
    template: String = "main",
    expected: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let ours = try TemplateLibrary(sources: sources).render(DictionaryObject(fields: data), template: template)
    let reference = try ReferenceRenderer.library(sources: sources).render(data, withTemplate: template)
    #expect(ours == reference, "differs from swift-mustache", sourceLocation: sourceLocation)
    if let expected {
        #expect(ours == expected, sourceLocation: sourceLocation)
    }
}

/// Renders a single template named `main` with our engine.
func render(_ source: String, _ data: [String: Any] = [:], partials: [String: String] = [:]) throws -> String {
    var sources = partials
    sources["main"] = source
    return try TemplateLibrary(sources: sources).render(DictionaryObject(fields: data), template: "main")
}
