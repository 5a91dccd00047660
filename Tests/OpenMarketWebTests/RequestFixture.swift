import CompressNIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOCore

/// A request as a real app writes it, from `Tests/API/requests` (see the README there): the file's bytes with the
/// placeholders filled in, sent over a socket of its own; the answer is read as far as its `Content-Length`, since
/// the apps ask to keep the connection open.
enum RequestFixture {
    static let directory = TestSupport.packageRoot.appending(path: "Tests/API/requests")

    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        /// Unzipped when it came gzipped (the apps accept gzip).
        var body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else { throw FixtureError.notAnObject(text) }
            return object
        }
    }

    enum FixtureError: Error {
        case missingValue(String)
        case noAnswer(String)
        case notAnObject(String)
    }

    /// The request's bytes: `{{name}}` replaced by `values[name]` (`host`, `photo` and `length` are filled in here).
    /// `withoutTrailingSlash`: the same request, its path without the trailing slash the app wrote.
    static func bytes(_ name: String, port: Int, values: [String: String] = [:], withoutTrailingSlash: Bool = false) throws -> [UInt8] {
        var raw = try [UInt8](Data(contentsOf: directory.appending(path: "\(name).http")))
        if withoutTrailingSlash {
            // The request line's target ends at `?` or at the space before the version.
            let lineEnd = raw.firstIndex(of: UInt8(ascii: "\r")) ?? raw.count
            let targetEnd = raw[..<lineEnd].firstIndex(of: UInt8(ascii: "?")) ?? raw[..<lineEnd].lastIndex(of: UInt8(ascii: " ")) ?? 0
            guard targetEnd > 0, raw[targetEnd - 1] == UInt8(ascii: "/") else { throw FixtureError.noAnswer("\(name): no trailing slash") }
            raw.remove(at: targetEnd - 1)
        }
        let separator = Array("\r\n\r\n".utf8)
        guard let headEnd = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else { throw FixtureError.noAnswer("\(name): no head") }
        var filled = values.mapValues { Array($0.utf8) }
        filled["host"] = Array("127.0.0.1:\(port)".utf8)
        filled["photo"] = try [UInt8](Data(contentsOf: directory.appending(path: "photo.jpg")))
        let body = try fill(Array(raw[(headEnd + separator.count)...]), filled)
        filled["length"] = Array(String(body.count).utf8)
        return try fill(Array(raw[..<headEnd]), filled) + separator + body
    }

    static func send(_ name: String, port: Int, _ values: [String: String] = [:], withoutTrailingSlash: Bool = false) async throws -> Answer {
        let request = try bytes(name, port: port, values: values, withoutTrailingSlash: withoutTrailingSlash)
        let socket = try await RawSocket.connect(port: port)
        try await socket.send(bytes: request)
        let isHead = request.starts(with: Array("HEAD ".utf8))
        let received = await socket.receive(timeout: .seconds(60)) { isComplete($0, head: isHead) }
        return try answer(received, name: name)
    }

    private static func fill(_ template: [UInt8], _ values: [String: [UInt8]]) throws -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < template.count {
            if template[index...].starts(with: Array("{{".utf8)),
                let close = template[(index + 2)...].indices.first(where: { template[$0...].starts(with: Array("}}".utf8)) }) {
                let key = String(decoding: template[(index + 2)..<close], as: UTF8.self)
                guard let value = values[key] else { throw FixtureError.missingValue(key) }
                output += value
                index = close + 2
            } else {
                output.append(template[index])
                index += 1
            }
        }
        return output
    }

    /// Whether the bytes hold a whole answer: its head, then as many bytes as `Content-Length` says.
    private static func isComplete(_ bytes: [UInt8], head: Bool) -> Bool {
        guard let (status, headers, bodyStart) = parseHead(bytes) else { return false }
        if head || status == 204 || status == 304 { return true }
        guard let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) else { return false }
        return bytes.count - bodyStart >= length
    }

    private static func parseHead(_ bytes: [UInt8]) -> (status: Int, headers: [(name: String, value: String)], bodyStart: Int)? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers, end + separator.count)
    }

    private static func answer(_ bytes: [UInt8], name: String) throws -> Answer {
        guard let (status, headers, bodyStart) = parseHead(bytes) else { throw FixtureError.noAnswer(name) }
        var body = ByteBuffer(bytes: bytes[bodyStart...])
        if headers.contains(where: { $0.name.lowercased() == "content-encoding" && $0.value == "gzip" }) {
            body = try body.decompress(with: .gzip())
        }
        return Answer(status: status, headers: headers, body: Data(body.readableBytesView))
    }
}
