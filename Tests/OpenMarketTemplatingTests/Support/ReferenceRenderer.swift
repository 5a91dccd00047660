import Foundation
import Mustache

/// swift-mustache 2.1.1, the engine our output must match byte for byte.
enum ReferenceRenderer {
    /// Per-scalar escaping registered as `SAFE_HTML`, the content type every template declares; the same
    /// table as `HTMLEscaper` in OpenMarketWeb, written plainly over `unicodeScalars` as an independent check
    /// of the byte-level escaping.
    struct Escaper: MustacheContentType {
        func escapeText(_ text: String) -> String {
            var output = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": output += "&amp;"
                case "<": output += "&lt;"
                case ">": output += "&gt;"
                case "\"": output += "&quot;"
                case "'": output += "&#39;"
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output
        }
    }

    private static let registration: Void = MustacheContentTypes.register(Escaper(), named: "SAFE_HTML")

    static func library(sources: [String: String]) throws -> MustacheLibrary {
        _ = registration
        var library = MustacheLibrary()
        for (name, text) in sources {
            try library.register(text, named: name)
        }
        return library
    }

    static func library(directory: URL) async throws -> MustacheLibrary {
        _ = registration
        return try await MustacheLibrary(directory: directory.path)
    }
}
