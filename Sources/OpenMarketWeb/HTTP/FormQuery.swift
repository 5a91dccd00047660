import Foundation
import Hummingbird
import OpenMarketInput

/// The query string as HTML forms write it: `+` is a space, then `%xx` escapes.
///
/// Hummingbird's `queryParameters` decodes only the `%xx` escapes, so a search for "캠핑용 랜턴" typed into a
/// form arrives as "캠핑용+랜턴" and finds nothing.
struct FormQuery: Sendable {
    private let values: [String: String]

    init(_ request: Request) {
        self.init(query: request.uri.query ?? "")
    }

    /// A query that cannot be decoded reads as empty: list pages then show their defaults.
    init(query: String) {
        var values: [String: String] = [:]
        for (name, value) in FormEncoding.pairs(Substring(query)) ?? [] where values[name] == nil {
            values[name] = value
        }
        self.values = values
    }

    /// The first value of `name`; later repeats are ignored, as links never repeat a parameter.
    func get(_ name: String) -> String? { values[name] }
}
