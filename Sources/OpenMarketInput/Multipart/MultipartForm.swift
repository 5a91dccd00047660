import NIOCore

/// A `multipart/form-data` body split into parts by `MultipartReader`, each part's body a slice of the request's
/// buffer (no copy).
///
/// A body must end with its closing delimiter: a truncated upload (a second photo cut short) is refused as a
/// whole, never stored as the parts that did arrive. MultipartKit's parser, which this replaced, trapped on a
/// header name with a byte above 0x7F and silently dropped an unfinished last part.
public struct MultipartForm: Sendable {
    /// What may end a body.
    public enum Ending: Sendable {
        /// RFC 2046's closing delimiter, `--boundary--`.
        case closingDelimiter
        /// That, or a last delimiter line never closed (`--boundary` and a line break, then nothing): the first
        /// OpenMarket generation's server took such a body, and apps of its time end theirs so. Every part before it
        /// must be complete, and every limit holds: only what marks the end differs.
        case closingOrLastDelimiter
    }

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

    public init(_ buffer: ByteBuffer, boundary: String, ending: Ending = .closingDelimiter) throws(MultipartProblem) {
        let read = buffer.readableBytesView.withContiguousStorageIfAvailable { bytes in
            Result { () throws(MultipartProblem) in try Self.spans(bytes, boundary: boundary, ending: ending) }
        }
        let spans = try (read ?? .success([])).get()
        parts = spans.map { span in
            let body = buffer.getSlice(at: buffer.readerIndex + span.body.lowerBound, length: span.body.count) ?? ByteBuffer()
            return Part(name: span.name, filename: span.filename, contentType: span.contentType, body: body)
        }
    }

    /// A part found in bytes the caller holds (a mapped file, for uploads too large to keep in memory): its
    /// headers, and where its body lies in those bytes.
    public struct Span: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var body: Range<Int>
    }

    /// The parts of a whole body, under the same rules and limits as `init`.
    public static func spans(
        _ bytes: UnsafeBufferPointer<UInt8>, boundary: String, ending: Ending = .closingDelimiter
    ) throws(MultipartProblem) -> [Span] {
        guard endsWithDelimiter(bytes, delimiter: Array("--\(boundary)".utf8), ending: ending) else { throw .missingClosingBoundary }
        var spans: [Span] = []
        let reader = MultipartReader(bytes, boundary: boundary, acceptsUnclosedEnd: ending == .closingOrLastDelimiter)
        for raw in try reader.parts() {
            let part = try part(headers: raw.headers)
            spans.append(Span(name: part.name, filename: part.filename, contentType: part.contentType, body: raw.body))
        }
        return spans
    }

    private static func part(headers: [(name: String, value: String)]) throws(MultipartProblem) -> (name: String, filename: String?, contentType: String?) {
        let disposition = headers.first { $0.name.lowercased() == "content-disposition" }?.value
        // An empty name is a name (RFC 7578 §4.2): such a part is one no field asks for, like any unknown name.
        guard let disposition, let parsed = HeaderParameters(disposition), parsed.value.lowercased() == "form-data",
            let name = parsed["name"]
        else {
            throw .missingContentDisposition
        }
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value
        return (name, parsed["filename"], contentType)
    }

    private static func endsWithDelimiter(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: [UInt8], ending: Ending) -> Bool {
        let closing = delimiter + Array("--".utf8)
        var end = bytes.count
        // Trailing line breaks and spaces after the closing delimiter are tolerated.
        while end > 0, [UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end - 1]) {
            end -= 1
        }
        let tail = bytes[..<end]
        if tail.count >= closing.count, tail.suffix(closing.count).elementsEqual(closing) { return true }
        // The reader then checks that nothing but a line break follows the last delimiter.
        return ending == .closingOrLastDelimiter && tail.count >= delimiter.count && tail.suffix(delimiter.count).elementsEqual(delimiter)
    }
}
