import Foundation
import MultipartKit
import NIOCore

/// One part of a multipart body as read back by MultipartKit's parser.
struct ParsedPart {
    var headers: [(name: String, value: String)] = []
    var body = Data()

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A quoted parameter of `Content-Disposition`, such as `name` or `filename`.
    func dispositionParameter(_ key: String) -> String? {
        guard let disposition = header("Content-Disposition") else { return nil }
        for piece in disposition.split(separator: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(key + "=") else { continue }
            return String(trimmed.dropFirst(key.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    var name: String? { dispositionParameter("name") }
    var filename: String? { dispositionParameter("filename") }
}

enum MultipartParts {
    static func parse(_ body: Data, boundary: String) throws -> [ParsedPart] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [ParsedPart] = []
        var current = ParsedPart()
        parser.onHeader = { name, value in current.headers.append((name, value)) }
        parser.onBody = { chunk in current.body.append(contentsOf: chunk.readableBytesView) }
        parser.onPartComplete = {
            parts.append(current)
            current = ParsedPart()
        }
        try parser.execute([UInt8](body))
        return parts
    }
}
