import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWebState
import Testing
@testable import OpenMarketWeb

/// Product pages kept whole (`KeptPages`): each visitor gets the very bytes a render for them would give, with
/// their own token, and nothing of another visitor's.
@Suite("Kept whole pages", .timeLimit(.minutes(10)))
struct KeptPagesTests {
    /// Stands for a content object.
    final class Owner: Sendable {}

    static func html(_ response: Response) async throws -> String {
        String(buffer: try await BodyCollector.collect(response.body, expected: response.body.contentLength ?? 0))
    }

    /// Every state of the product page, in both languages, with and without a flash message, for two visitors:
    /// the kept page, on its first and its second use, is the page rendered afresh for that visitor.
    @Test func aKeptPageIsByteForByteThePageRenderedForTheVisitor() async throws {
        let renderer = try PageRenderer(templatesDirectory: PageRenderingTests.templatesDirectory)
        let contents = DetailContents(productsWith: renderer.library)
        let visitors = [Tokens.random(), Tokens.random()]
        var tags: [String: String] = [:]
        for pass in 1...2 {
            for token in visitors {
                for (name, template) in PageContentsTests.detailPages(contents) {
                    var page = template
                    page.context.layout.csrfToken = token
                    let response = try renderer.response(page)
                    let kept = try await Self.html(response)
                    let fresh = try renderer.library.render(page, template: ProductDetailPage.templateName)
                    #expect(kept == fresh, "\(name) pass \(pass): \(PageRenderingTests.firstDifference(kept, fresh))")
                    #expect(!kept.contains(renderer.keptPages.standIn), "\(name)")
                    let tag = try #require(response.headers[.eTag])
                    #expect(tags[kept, default: tag] == tag, "\(name): the same page under another tag")
                    tags[kept] = tag
                }
            }
        }
        let pages = PageContentsTests.detailPages(nil).count
        // One kept page per state, whichever visitor; one tag per page each visitor sees: a page without the like
        // form shows no token, so both visitors see the same bytes, under the same tag.
        #expect(renderer.keptPages.count == pages)
        #expect(Set(tags.values).count == tags.count)
        #expect(tags.count > pages && tags.count < pages * visitors.count)
    }

    /// Every state of the list page likewise; a page with the visitor's own recently viewed strip is rendered
    /// afresh every time, never kept.
    @Test func aKeptListPageIsByteForByteThePageRenderedForTheVisitor() async throws {
        let renderer = try PageRenderer(templatesDirectory: PageRenderingTests.templatesDirectory)
        let contents = ListContents(listsWith: renderer.library)
        let token = Tokens.random()
        var withStrip = 0
        for pass in 1...2 {
            for (name, template) in PageContentsTests.pages(contents) {
                var page = template
                page.context.layout.csrfToken = token
                if page.recentStrip != nil { withStrip += 1 }
                let kept = try await Self.html(try renderer.response(page))
                let fresh = try renderer.library.render(page, template: ProductListPage.templateName)
                #expect(kept == fresh, "\(name) pass \(pass): \(PageRenderingTests.firstDifference(kept, fresh))")
            }
        }
        #expect(withStrip > 0)
        #expect(renderer.keptPages.count == PageContentsTests.pages(nil).count - withStrip / 2)
    }

    /// A token that is not one of ours (any other length) is rendered as it is, not written into a kept page.
    @Test func aTokenOfAnotherLengthIsRenderedAfresh() async throws {
        let renderer = try PageRenderer(templatesDirectory: PageRenderingTests.templatesDirectory)
        let contents = DetailContents(productsWith: renderer.library)
        let (_, page) = PageContentsTests.detailPages(contents)[0]
        #expect(page.context.layout.csrfToken.utf8.count != 64)
        let html = try await Self.html(try renderer.response(page))
        #expect(html == (try renderer.library.render(page, template: ProductDetailPage.templateName)))
        #expect(renderer.keptPages.count == 0)
    }

    @Test func keptPagesStayBounded() throws {
        let pages = KeptPages(capacity: 3, maximumBytes: 1_000)
        for number in 1...10 {
            let content = Owner()
            var layout = SamplePages.context(.korean).layout
            layout.title = "page \(number)"
            let body = ByteBuffer(string: "<p>\(pages.standIn) \(number)</p>")
            let kept = pages.keep(body, content: content, under: .init(template: "t", content: ObjectIdentifier(content), layout: layout))
            #expect(kept.tokenOffsets == [3])
            #expect(pages.count <= 3)
        }
        let huge = Owner()
        _ = pages.keep(
            ByteBuffer(string: String(repeating: "x", count: 2_000)), content: huge,
            under: .init(template: "t", content: ObjectIdentifier(huge), layout: SamplePages.context(.korean).layout))
        #expect(pages.count == 1)
    }

    /// A page around its content's kept fragment keeps only its own bytes and holds the fragment; it gives back the
    /// same page, with the visitor's token in the layout's places on both sides of the content, and the same tag as
    /// another instance's copy. A block that is not the fragment's is kept whole.
    @Test func aKeptPageHoldsItsContentsFragmentRatherThanACopy() throws {
        let library = try TemplateLibrary(sources: ["f": "<main>{{text}}</main>"])
        struct Text: TemplateObject {
            let text: String
            func value(forKey key: String) -> TemplateValue? { key == "text" ? .text(text) : nil }
        }
        let fragment = try library.renderFragment(Text(text: "상품 & more"), template: "f")
        let content = Owner()
        let key = KeptPages.Key(template: "t", content: ObjectIdentifier(content), layout: SamplePages.context(.korean).layout)
        func page(_ pages: KeptPages, token: String) -> (ByteBuffer, KeptBlock) {
            let head = "<head><input value=\"\(token)\">", tail = "<form><input value=\"\(token)\"></form>"
            var body = ByteBuffer(string: head)
            body.writeBytes(fragment.bytes)
            body.writeString(tail)
            return (body, KeptBlock(range: head.utf8.count..<(head.utf8.count + fragment.byteCount), digest: fragment.digest))
        }
        let pages = KeptPages(), other = KeptPages()
        let (body, block) = page(pages, token: pages.standIn)
        let kept = pages.keep(body, around: block, fragment: fragment, content: content, under: key)
        #expect(kept.fragment == fragment)
        #expect(kept.head.count + kept.tail.count == body.readableBytes - fragment.byteCount)
        #expect(kept.byteCount == body.readableBytes)
        let visitor = Tokens.random()
        #expect(kept.body(token: visitor) == page(pages, token: visitor).0)
        #expect(kept.tokenOffsets.count == 2)
        let (otherBody, otherBlock) = page(other, token: other.standIn)
        #expect(other.keep(otherBody, around: otherBlock, fragment: fragment, content: content, under: key).digest == kept.digest)

        let elsewhere = KeptBlock(range: 0..<fragment.byteCount, digest: fragment.digest &+ 1)
        let whole = pages.keep(body, around: elsewhere, fragment: fragment, content: content, under: key)
        #expect(whole.fragment == nil && whole.tail.isEmpty && whole.head.count == body.readableBytes)
        #expect(whole.body(token: visitor) == page(pages, token: visitor).0)
    }

    /// Through the application: two visitors on one product page each get their own token where the like form
    /// takes it, and a conditional request is answered 304 only with the visitor's own tag.
    @Test func twoVisitorsOfOneProductEachGetTheirOwnToken() async throws {
        try await TestSupport.withEmbeddedApp { client, _ in
            // Tokens the site signed, as two visitors' first pages set them.
            func issuedToken() async throws -> String {
                let page = try await client.execute(uri: "/", method: .get)
                return try #require(page.setCookie("csrf")?.firstCapture(#"^csrf=([0-9a-f]+);"#))
            }
            let first = try await issuedToken(), second = try await issuedToken()
            func get(_ token: String, ifNoneMatch: String? = nil) async throws -> (status: HTTPResponse.Status, tag: String?, html: String) {
                var headers: HTTPFields = [.cookie: "csrf=\(token)"]
                if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
                let response = try await client.execute(uri: "/products/1", method: .get, headers: headers)
                return (response.status, response.headers[.eTag], String(buffer: response.body))
            }
            let a1 = try await get(first), b = try await get(second), a2 = try await get(first)
            #expect(a1.status == .ok && b.status == .ok)
            #expect(a1.html.contains(#"<input type="hidden" name="_csrf" value="\#(first)" form="like-form">"#))
            #expect(b.html.contains(#"<input type="hidden" name="_csrf" value="\#(second)" form="like-form">"#))
            #expect(!a1.html.contains(second) && !b.html.contains(first))
            #expect(a1.html.replacingOccurrences(of: first, with: second) == b.html)
            #expect(a1.html == a2.html && a1.tag == a2.tag && a1.tag != b.tag)
            #expect(try await get(first, ifNoneMatch: a1.tag).status == .notModified)
            #expect(try await get(second, ifNoneMatch: a1.tag).status == .ok)
        }
    }
}
