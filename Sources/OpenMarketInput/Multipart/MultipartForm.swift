import NIOCore

/// A `multipart/form-data` body split into parts by `MultipartReader`, each part's body a slice of the request's
/// buffer (no copy).
///
/// A body must end with its closing delimiter: a truncated upload (a second photo cut short) is refused as a
/// whole, never stored as the parts that did arrive. MultipartKit's parser, which this replaced, trapped on a
/// header name with a byte above 0x7F and silently dropped an unfinished last part.
public struct MultipartForm: Sendable {
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var body: ByteBuffer
    }

    public let parts: [Part]

    /// The boundary of a `multipart/form-data` Content-Type; real clients quote it, add spaces, or vary the
    /// case of the parameter name. `nil` when the type is something else.
    public static func boundary(fromContentType contentType: String?) throws(MultipartProblem) -> String? {
        guard let contentType, let parsed = HeaderParameters(contentType), parsed.value.lowercased() == "multipart/form-data" else {
            return nil
        }
        guard let boundary = parsed["boundary"], (1...MultipartLimits.maxBoundaryBytes).contains(boundary.utf8.count) else {
            throw .noBoundary
        }
        return boundary
    }

    public init(_ buffer: ByteBuffer, boundary: String) throws(MultipartProblem) {
        let delimiter = Array("--\(boundary)".utf8)
        guard Self.endsWithClosingDelimiter(buffer.readableBytesView, delimiter: delimiter) else { throw .missingClosingBoundary }
        let read = buffer.readableBytesView.withContiguousStorageIfAvailable { bytes in
            Result { () throws(MultipartProblem) in try MultipartReader(bytes, boundary: boundary).parts() }
        }
        let raw = try (read ?? .success([])).get()
        var parts: [Part] = []
        parts.reserveCapacity(raw.count)
        for part in raw {
            let body = buffer.getSlice(at: buffer.readerIndex + part.body.lowerBound, length: part.body.count) ?? ByteBuffer()
            parts.append(try Self.part(headers: part.headers, body: body))
        }
        self.parts = parts
    }

    private static func part(headers: [(name: String, value: String)], body: ByteBuffer) throws(MultipartProblem) -> Part {
        let disposition = headers.first { $0.name.lowercased() == "content-disposition" }?.value
        guard let disposition, let parsed = HeaderParameters(disposition), parsed.value.lowercased() == "form-data",
            let name = parsed["name"], !name.isEmpty
        else {
            throw .missingContentDisposition
        }
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value
        return Part(name: name, filename: parsed["filename"], contentType: contentType, body: body)
    }

    private static func endsWithClosingDelimiter(_ bytes: ByteBufferView, delimiter: [UInt8]) -> Bool {
        let closing = delimiter + Array("--".utf8)
        var end = bytes.endIndex
        // Trailing line breaks and spaces after the closing delimiter are tolerated.
        while end > bytes.startIndex, [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end - 1]) {
            end -= 1
        }
        guard end - bytes.startIndex >= closing.count else { return false }
        return bytes[(end - closing.count)..<end].elementsEqual(closing)
    }
}
