import Foundation
import Hummingbird
import Mustache

/// Loads every template at start-up and renders typed page models into HTML responses.
public struct PageRenderer: Sendable {
    /// Templates the code renders by name; a missing one stops start-up instead of failing a request.
    static let requiredTemplates = [
        "layout", "products/index", "products/show", "products/form", "products/delete", "errors/error",
        "admin/login", "admin/products", "admin/product", "admin/history", "admin/delete-confirm", "admin/delete-results",
    ]

    let library: MustacheLibrary

    public init(templatesDirectory: URL) async throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: templatesDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StartupError.missingDirectory(templatesDirectory.path)
        }
        HTMLEscaper.register()
        do {
            self.library = try await MustacheLibrary(directory: templatesDirectory.path)
        } catch {
            throw StartupError.templateParse(String(describing: error))
        }
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw StartupError.missingTemplate(name)
        }
    }

    public func render<Page: PageModel>(_ page: Page) throws(RenderError) -> String {
        guard let html = library.render(page, withTemplate: Page.templateName) else {
            throw RenderError(templateName: Page.templateName)
        }
        return html
    }

    public func response<Page: PageModel>(_ page: Page, status: HTTPResponse.Status = .ok) throws(RenderError) -> Response {
        let html = try render(page)
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }
}
