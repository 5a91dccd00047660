import Foundation

/// A header value with `;`-separated parameters, such as `form-data; name="params"` or
/// `multipart/form-data; boundary="abc"`. Tolerates missing spaces, quoted or bare values and any case of names.
public struct HeaderParameters: Sendable {
    public let value: String
    private let parameters: [String: String]

    public init?(_ header: String) {
        let pieces = Self.split(header)
        guard let head = pieces.first.map(Self.trimmed), !head.isEmpty else { return nil }
        value = String(String.UnicodeScalarView(head))
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = String(String.UnicodeScalarView(Self.trimmed(piece[..<equals]))).lowercased()
            var raw = Self.trimmed(piece[piece.index(after: equals)...])
            if raw.count >= 2, raw.first == "\"", raw.last == "\"" {
                raw = Self.unescapingQuotes(raw.dropFirst().dropLast())
            }
            if parameters[name] == nil { parameters[name] = String(String.UnicodeScalarView(raw)) }
        }
        self.parameters = parameters
    }

    public subscript(name: String) -> String? { parameters[name.lowercased()] }

    /// Splits on `;` outside quotes, so a filename containing `;` stays whole. Works on Unicode scalars, not
    /// Characters: a `"` followed by a combining mark is one Character and must still open or close a quote.
    private static func split(_ header: String) -> [[Unicode.Scalar]] {
        var pieces: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var quoted = false
        var escaped = false
        for scalar in header.unicodeScalars {
            if escaped {
                escaped = false
            } else if scalar == "\\" && quoted {
                escaped = true
            } else if scalar == "\"" {
                quoted.toggle()
            } else if scalar == ";" && !quoted {
                pieces.append(current)
                current = []
                continue
            }
            current.append(scalar)
        }
        pieces.append(current)
        return pieces
    }

    private static func trimmed<C: BidirectionalCollection<Unicode.Scalar>>(_ scalars: C) -> [Unicode.Scalar] {
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(scalars[first...last])
    }

    /// `\"` inside a quoted value stands for `"`.
    private static func unescapingQuotes<C: Collection<Unicode.Scalar>>(_ scalars: C) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var pending = false
        for scalar in scalars {
            if pending {
                if scalar != "\"" { result.append("\\") }
                pending = false
            }
            if scalar == "\\" { pending = true } else { result.append(scalar) }
        }
        if pending { result.append("\\") }
        return result
    }
}
