import ArgumentParser
import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore
import OpenMarketCore
import OpenMarketTemplating
import OpenMarketTexts
import OpenMarketWeb

/// Renders the product list and the product page, as on a cache miss, through our engine and through swift-mustache
/// with the same templates, the same page models and the same escaper, and prints renders per second and the ratio.
@main
struct TemplateBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket-template-bench",
        abstract: "Renders the list and product page models through OpenMarketTemplating and swift-mustache.")

    @Option(help: "The templates directory.")
    var templates = "Templates"

    @Option(help: "Seconds each engine renders each page, per round.")
    var seconds = 2.0

    @Option(help: "Rounds; the best round of each engine counts.")
    var rounds = 3

    mutating func run() async throws {
        let directory = URL(fileURLWithPath: templates)
        let ours = try TemplateLibrary(directory: directory)
        let theirs = try await MustacheComparison.library(directory: directory)
        var verdicts: [Bool] = []
        for (name, page) in Samples.pages() {
            let template = type(of: page).templateName
            let ourBytes = try ours.renderUTF8(page, template: template)
            guard let theirText = theirs.render(MustacheComparison.Bridge(page), withTemplate: template) else {
                throw ValidationError("swift-mustache has no template \(template)")
            }
            // A comparison of two different pages would mean nothing.
            guard ourBytes.elementsEqual(theirText.utf8) else {
                throw ValidationError("the engines render \(name) differently (\(ourBytes.count) and \(theirText.utf8.count) bytes)")
            }
            var ourBest = 0.0
            var theirBest = 0.0
            for _ in 0..<rounds {
                ourBest = max(ourBest, try Self.rate(seconds: seconds) { try ours.renderUTF8(page, template: template).count })
                theirBest = max(theirBest, Self.rate(seconds: seconds) { theirs.render(MustacheComparison.Bridge(page), withTemplate: template)?.utf8.count ?? 0 })
            }
            let ratio = ourBest / theirBest
            verdicts.append(ratio <= 1.3)
            Self.write(String(
                format: "%@ (%d bytes): OpenMarketTemplating %.0f renders/s, swift-mustache %.0f renders/s, ours/theirs %.2f×",
                name, ourBytes.count, ourBest, theirBest, ratio))
        }
        if verdicts.allSatisfy({ $0 }) {
            Self.write("DECISION: swift-mustache renders within 1.3× of OpenMarketTemplating on every page")
        } else {
            Self.write("DECISION: OpenMarketTemplating is more than 1.3× faster than swift-mustache on at least one page")
        }
    }

    /// The figures are the tool's output, not log records.
    static func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Renders per second over `seconds`, checked every 16 renders.
    static func rate(seconds: Double, _ render: () throws -> Int) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let limit = Duration.milliseconds(Int(seconds * 1000))
        var renders = 0
        var bytes = 0
        while clock.now - start < limit {
            for _ in 0..<16 { bytes &+= try render() }
            renders += 16
        }
        precondition(bytes > 0, "the renders wrote nothing")
        let elapsed = clock.now - start
        return Double(renders) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

/// swift-mustache reading our page models through `MustacheParent.child(named:)`: no reflection, one lookup per name.
enum MustacheComparison {
    struct Bridge: MustacheParent {
        let object: any TemplateObject

        init(_ object: any TemplateObject) {
            self.object = object
        }

        func child(named name: String) -> Any? {
            object.value(forKey: name).map(Self.bridged)
        }

        static func bridged(_ value: TemplateValue) -> Any {
            switch value {
            case .text(let text): text
            case .int(let number): number
            case .bool(let flag): flag
            case .object(let object): Bridge(object)
            case .list(let list): (0..<list.count).map { Bridge(list.element(at: $0)) }
            case .texts(let texts): texts
            }
        }
    }

    /// Production's escaper under the content type the templates declare, so both engines escape alike.
    struct Escaper: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLEscaping.escape(text) }
    }

    static func library(directory: URL) async throws -> MustacheLibrary {
        MustacheContentTypes.register(Escaper(), named: "SAFE_HTML")
        return try await MustacheLibrary(directory: directory.path)
    }
}

/// A grid of 20 cards and a product page with 5 photos and 10 questions, in Korean, with text that needs escaping.
enum Samples {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    static func pages() -> [(String, any PageModel)] {
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:8080", path: "/products?q=의자"),
            body: RequestBody(buffer: ByteBuffer()))
        let list = ProductPage(pageNo: 1, itemsPerPage: 20, totalCount: 1_000, products: (1...20).map(summary))
        let images = (0..<5).map { index in
            ProductDetail.Image(id: 70 + index, url: "/images/\(key(index))_origin.jpg", thumbnailURL: "/images/\(key(index))_thumb.jpg", issuedAt: day)
        }
        let product = ProductDetail(
            id: 7, vendorID: 1, name: "원목 스탠드 \"조명\" & 전구", description: String(repeating: "거의 새것, 박스 있음. <직거래> 선호\n", count: 8),
            thumbnailURL: images[0].thumbnailURL, currency: .krw, price: 32_000, discountedPrice: 4_000, stock: 1, createdAt: day,
            issuedAt: day, images: images, vendor: .init(id: 1, name: "망원동 이웃"))
        let questions = (1...10).map { index in
            PageModels.Question(nickname: "이웃\(index)", text: "아직 판매 중인가요? 네고 가능할까요 \(index)", answer: index % 3 == 0 ? nil : "네, 가능합니다")
        }
        return [
            ("list page, grid of 20", PageModels.productList(
                request: request, language: .korean, query: ListQuery(search: "의자"), view: .grid, page: list, now: day)),
            ("product page, 5 photos, 10 questions", PageModels.productDetail(
                request: request, language: .korean, product: product, likedIDs: [3, 7], productLikes: 12, questions: questions, now: day)),
        ]
    }

    static func key(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: 32 - hex.count) + hex
    }

    static func summary(_ id: Int) -> ProductSummary {
        ProductSummary(
            id: id, vendorID: 1 + id % 4, vendorName: "이웃 \(id % 4)", name: "캠핑 의자 \(id) <접이식> \"새것\"", description: "설명 \(id)",
            thumbnailURL: "/images/\(key(id))_thumb.jpg", currency: .krw, price: Decimal(1_000 * id + 50),
            discountedPrice: id % 3 == 0 ? Decimal(100 * id) : 0, stock: id % 5 == 0 ? 0 : id % 7, createdAt: day, issuedAt: day)
    }
}
