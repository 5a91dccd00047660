import Foundation
import Hummingbird

/// The query string as HTML forms write it: `+` is a space, then `%xx` escapes.
///
/// Hummingbird's `queryParameters` decodes only the `%xx` escapes, so a search for "캠핑용 랜턴" typed into a
/// form arrives as "캠핑용+랜턴" and finds nothing.
struct FormQuery: Sendable {
    private let values: [String: String]

    init(_ request: Request) {
        self.init(query: request.uri.query ?? "")
    }

    init(query: String) {
        var values: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), values[name] == nil else { continue }
            values[name] = Self.decode(parts.count > 1 ? parts[1] : "") ?? ""
        }
        self.values = values
    }

    /// The first value of `name`; later repeats are ignored, as links never repeat a parameter.
    func get(_ name: String) -> String? { values[name] }

    static func decode(_ component: Substring) -> String? {
        String(component).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
