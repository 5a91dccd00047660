import Foundation

/// What a `Content-Type` says about compressing and tagging a body.
struct MediaType {
    let essence: String

    init(_ header: String?) {
        // The types our own responses carry, as written: every response passes here.
        switch header {
        case "text/html; charset=utf-8": essence = "text/html"
        case "application/json": essence = "application/json"
        default:
            essence = (header ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }

    var isDocument: Bool { essence == "text/html" || essence == "application/json" }
    var isCompressible: Bool {
        isDocument || ["text/css", "text/javascript", "application/javascript", "image/svg+xml", "text/plain", "text/csv"].contains(essence)
    }
}
