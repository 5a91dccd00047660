import Foundation
import OpenMarketCore
import OpenMarketTemplating

/// What a shared link previews as (KakaoTalk, Slack, …): the Open Graph tags in a page's head. Every URL is
/// absolute, from the origin we verified (`ImageURLResolver.origin`), never from what the client named.
struct OpenGraph: Sendable, Hashable {
    var title: String
    var description: String
    var image: String?
    var url: String

    /// A product: its name, the price the buyer pays with the start of its description, its main photo.
    init(name: String, id: Int, summary: String, imagePath: String?, origin: String) {
        title = name
        description = summary
        image = imagePath.map { Self.absolute($0, origin: origin) }
        url = origin + SiteURL.product(.value(id)).link
    }

    static func absolute(_ url: String, origin: String) -> String {
        url.hasPrefix("/") && !url.hasPrefix("//") ? origin + url : url
    }

    /// At most `limit` characters of a description, on one line, cut at a space where there is one.
    static func excerpt(_ text: String, limit: Int = 100) -> String {
        // Only the start shows: lines are joined from as much of the text as has `limit` + 1 characters that are
        // not line breaks, and the line then has at least that many (a joining space adds one, a mark after it
        // takes it back). Walking the whole of a long description was a fiftieth of a product page.
        var end = text.startIndex
        var kept = 0
        while end < text.endIndex, kept <= limit {
            if !text[end].isNewline { kept += 1 }
            end = text.index(after: end)
        }
        let line = text[..<end].split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.count > limit else { return line }
        let cut = line.prefix(limit)
        let atSpace = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atSpace.trimmingCharacters(in: .whitespaces) + "…"
    }
}

extension OpenGraph: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": .text(title)
        case "description": .text(description)
        case "image": .text(image)
        case "url": .text(url)
        default: nil
        }
    }
}
