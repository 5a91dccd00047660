import Foundation
import Hummingbird
import OpenMarketTemplating
import OpenMarketTexts

/// Loads every template at start-up and renders typed page models into HTML responses.
public struct PageRenderer: Sendable {
    /// Templates the code renders by name; a missing one stops start-up instead of failing a request.
    static let requiredTemplates = [
        "layout", "products/index", "products/show", "products/form", "products/delete", "errors/error",
        "admin/login", "admin/products", "admin/product", "admin/history", "admin/delete-confirm", "admin/delete-results",
        "likes/index", "recent/index", "sellers/show", "questions/show", "questions/ask", "admin/questions",
    ]

    let library: TemplateLibrary

    public init(templatesDirectory: URL) throws(StartupError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: templatesDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missingDirectory(templatesDirectory.path)
        }
        do {
            library = try TemplateLibrary(directory: templatesDirectory)
        } catch {
            throw .templateParse(error.description)
        }
        for name in Self.requiredTemplates where !library.hasTemplate(named: name) {
            throw .missingTemplate(name)
        }
        let problems = TextCatalogues.problems()
        guard problems.isEmpty else { throw .texts(problems) }
    }

    /// Room a page is rendered into: a full list page is about 25 KB, so nearly every page fits; a larger one is
    /// copied in after its render.
    var bodyCapacity = 32 * 1024

    /// Whole pages kept between requests (see `WholePageKeeping`).
    let keptPages = KeptPages()

    /// The page's HTML as the response body, rendered straight into the body's buffer.
    public func response<Page: PageModel>(_ page: consuming Page, status: HTTPResponse.Status = .ok) throws(TemplateRenderError) -> Response {
        try renderedResponse(page, status: status)
    }

    private func renderedResponse<Page: PageModel>(_ page: consuming Page, status: HTTPResponse.Status) throws(TemplateRenderError) -> Response {
        let (body, keptBlock) = try render(page)
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        // A page around kept content is tagged here, from its own parts and the content's digest, instead of
        // being hashed whole in `ResponseDelivery`.
        if status == .ok, let keptBlock, let tag = ContentTag.weak(body, around: keptBlock) {
            assert(
                body.withUnsafeReadableBytes { ByteDigest.hash(UnsafeRawBufferPointer(rebasing: $0[keptBlock.range])) } == keptBlock.digest,
                "the kept content is not where the render said")
            headers[.eTag] = tag
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A page kept whole: rendered once for its content and layout, then copied with the visitor's CSRF token
    /// written in (see `KeptPages`). Tagged from the kept page's digest and the token.
    func response<Page: WholePageKeeping>(_ page: consuming Page, status: HTTPResponse.Status = .ok) throws(TemplateRenderError) -> Response {
        let token = page.context.layout.csrfToken
        guard status == .ok, page.keepsWhole, token.utf8.count == keptPages.standIn.utf8.count else {
            return try renderedResponse(page, status: status)
        }
        var layout = page.context.layout
        layout.csrfToken = ""
        let content = page.keptObject
        let key = KeptPages.Key(template: Page.templateName, content: ObjectIdentifier(content), layout: layout)
        let kept: KeptPages.Page
        if let page = keptPages[key] {
            kept = page
        } else if !keptPages.admits(key) {
            return try renderedResponse(page, status: status)
        } else {
            var standIn = page
            standIn.context.layout.csrfToken = keptPages.standIn
            let fragment = standIn.keptFragment
            let (body, block) = try render(standIn)
            kept = keptPages.keep(body, around: block, fragment: fragment, content: content, under: key)
        }
        let body = kept.body(token: token)
        // A page that does not show the token is the same for every visitor, and so is its tag.
        let tag = ContentTag.weak(digest: kept.digest, token: kept.tokenOffsets.isEmpty ? "" : token)
        let headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .eTag: tag]
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// Renders the page straight into a new buffer; with the place of its kept block fragment, if it wrote one.
    private func render<Page: PageModel>(_ page: consuming Page) throws(TemplateRenderError) -> (body: ByteBuffer, keptBlock: KeptBlock?) {
        let reference = PageReference(page)
        var body = ByteBufferAllocator().buffer(capacity: bodyCapacity)
        var result: Result<TemplateLibrary.RenderedInto, TemplateRenderError> = .success(.destination(byteCount: 0))
        var keptBlock: KeptBlock?
        body.writeWithUnsafeMutableBytes(minimumWritableBytes: bodyCapacity) { destination in
            do throws(TemplateRenderError) {
                let rendered = try library.renderPage(reference, template: Page.templateName, into: destination)
                result = .success(rendered.placement)
                keptBlock = rendered.keptBlock
            } catch {
                result = .failure(error)
            }
            guard case .success(.destination(let byteCount)) = result else { return 0 }
            return byteCount
        }
        if case .success(.overflow(let bytes)) = result {
            body.writeBytes(bytes)
        }
        if case .failure(let error) = result {
            throw error
        }
        return (body, keptBlock)
    }
}

/// A page model by reference: the render holds one pointer to it instead of copying the whole model (its texts,
/// layout and rows) into a box of its own.
private final class PageReference<Page: PageModel>: TemplateObject {
    let page: Page

    init(_ page: consuming Page) {
        self.page = page
    }

    func value(forKey key: String) -> TemplateValue? {
        page.value(forKey: key)
    }

    var renderedFragment: RenderedFragment? { page.renderedFragment }
}
