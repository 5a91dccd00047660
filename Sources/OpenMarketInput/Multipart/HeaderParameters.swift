import Foundation

/// A header value with `;`-separated parameters, such as `form-data; name="params"` or
/// `multipart/form-data; boundary="abc"`. Tolerates missing spaces, quoted or bare values and any case of names.
public struct HeaderParameters: Sendable {
    public let value: String
    private let parameters: [String: String]

    public init?(_ header: String) {
        let pieces = Self.split(header)
        guard let head = pieces.first?.trimmingCharacters(in: .whitespaces), !head.isEmpty else { return nil }
        value = head
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var raw = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") {
                raw = String(raw.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            if parameters[name] == nil { parameters[name] = raw }
        }
        self.parameters = parameters
    }

    public subscript(name: String) -> String? { parameters[name.lowercased()] }

    /// Splits on `;` outside quotes, so a filename containing `;` stays whole.
    private static func split(_ header: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in header {
            if escaped {
                escaped = false
            } else if character == "\\" && quoted {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }
}
