import Mustache

/// Registers per-scalar escaping as `SAFE_HTML` for swift-mustache, the table of `OpenMarketInput.HTMLEscaping`,
/// so both engines escape the same way.
struct ReferenceEscaper: MustacheContentType {
    static let register: Void = MustacheContentTypes.register(ReferenceEscaper(), named: "SAFE_HTML")

    func escapeText(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "'": output.append(contentsOf: "&#39;".unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
