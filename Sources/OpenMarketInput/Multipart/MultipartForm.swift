import MultipartKit
import NIOCore

/// A `multipart/form-data` body split into parts by MultipartKit's parser, with the limits it lacks.
///
/// MultipartKit 4.7.1 takes seconds of CPU on thousands of tiny parts, and silently drops an unfinished last
/// part when the closing boundary is missing (a truncated second photo would go unnoticed). So before parsing
/// we count delimiters and cap the preamble, while parsing we cap each part's headers, and afterwards we
/// require the closing boundary and a completed last part.
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
        let bytes = buffer.readableBytesView
        guard let first = Self.firstIndex(of: delimiter, in: bytes), first <= MultipartLimits.maxPreambleBytes else {
            throw .doesNotStartWithBoundary
        }
        // Each part costs one delimiter; the closing delimiter is one more.
        if Self.count(of: delimiter, in: bytes, stoppingAfter: MultipartLimits.maxParts + 1) > MultipartLimits.maxParts + 1 {
            throw .tooManyParts
        }
        guard Self.endsWithClosingDelimiter(bytes, delimiter: delimiter) else { throw .missingClosingBoundary }
        self.parts = try Self.parse(buffer, boundary: boundary)
    }

    private static func parse(_ buffer: ByteBuffer, boundary: String) throws(MultipartProblem) -> [Part] {
        final class Collector {
            var parts: [Part] = []
            var headers: [(String, String)] = []
            var headerBytes = 0
            var body = ByteBuffer()
            var inPart = false
            var headersTooLarge = false
            var failure: MultipartProblem?
        }
        let collector = Collector()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in
            collector.inPart = true
            collector.headerBytes += name.utf8.count + value.utf8.count + 4
            if collector.headerBytes > MultipartLimits.maxPartHeaderBytes { collector.headersTooLarge = true }
            collector.headers.append((name, value))
        }
        parser.onBody = { chunk in
            collector.inPart = true
            collector.body.writeBuffer(&chunk)
        }
        parser.onPartComplete = {
            defer {
                collector.headers = []
                collector.headerBytes = 0
                collector.body = ByteBuffer()
                collector.inPart = false
            }
            guard collector.failure == nil else { return }
            switch Result(catching: { () throws(MultipartProblem) -> Part in try Self.part(headers: collector.headers, body: collector.body) }) {
            case .success(let part): collector.parts.append(part)
            case .failure(let problem): collector.failure = problem
            }
        }
        do {
            try parser.execute(buffer)
        } catch {
            throw .malformedPartHeaders
        }
        if collector.headersTooLarge { throw .partHeadersTooLarge }
        if let failure = collector.failure { throw failure }
        if collector.inPart { throw .endsInsidePart }
        return collector.parts
    }

    private static func part(headers: [(String, String)], body: ByteBuffer) throws(MultipartProblem) -> Part {
        let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1
        guard let disposition, let parsed = HeaderParameters(disposition), parsed.value.lowercased() == "form-data",
            let name = parsed["name"], !name.isEmpty
        else {
            throw .missingContentDisposition
        }
        let contentType = headers.first { $0.0.lowercased() == "content-type" }?.1
        return Part(name: name, filename: parsed["filename"], contentType: contentType, body: body)
    }

    /// The offset of the first occurrence of `needle`.
    private static func firstIndex(of needle: [UInt8], in bytes: ByteBufferView) -> Int? {
        bytes.withContiguousStorageIfAvailable { haystack in ByteSearch.find(needle, in: haystack, from: 0) } ?? nil
    }

    /// Counts delimiters, stopping early: a body of 20,000 tiny parts is refused before any parsing.
    private static func count(of needle: [UInt8], in bytes: ByteBufferView, stoppingAfter limit: Int) -> Int {
        bytes.withContiguousStorageIfAvailable { haystack -> Int in
            var count = 0
            var offset = 0
            while count <= limit, let found = ByteSearch.find(needle, in: haystack, from: offset) {
                count += 1
                offset = found + needle.count
            }
            return count
        } ?? 0
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
