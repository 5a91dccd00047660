/// Splits a whole `multipart/form-data` body into parts in one linear pass, with the limits named in
/// `MultipartLimits` enforced while it reads.
///
/// The reader finds delimiters with `memchr`/`memcmp` and never indexes a table with a byte it has not
/// checked, so no body — however malformed — can trap it. Lines end with CRLF, as RFC 2046 says; a body whose
/// first delimiter line ends with a bare LF is read with LF throughout (some hand-written clients send that).
struct MultipartReader {
    struct RawPart {
        var headers: [(name: String, value: String)]
        var body: Range<Int>
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let dashBoundary: [UInt8]
    /// Whether a delimiter line with nothing after it ends the body like a closing delimiter
    /// (`MultipartForm.Ending.closingOrLastDelimiter`).
    private let acceptsUnclosedEnd: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>, boundary: String, acceptsUnclosedEnd: Bool = false) {
        self.bytes = bytes
        self.dashBoundary = Array("--\(boundary)".utf8)
        self.acceptsUnclosedEnd = acceptsUnclosedEnd
    }

    func parts() throws(MultipartProblem) -> [RawPart] {
        guard let first = ByteSearch.find(dashBoundary, in: bytes, from: 0), first <= MultipartLimits.maxPreambleBytes else {
            throw .doesNotStartWithBoundary
        }
        var position = first + dashBoundary.count
        if starts(with: Self.dashDash, at: position) || endsUnclosed(afterDelimiterAt: position) { return [] }
        let newline = try lineEnd(afterDelimiterAt: position)
        position = newline.next
        let lineBreak = newline.isCRLF ? Self.crlf : Self.lf
        let delimiter = lineBreak + dashBoundary
        var parts: [RawPart] = []
        while true {
            guard parts.count < MultipartLimits.maxParts else { throw .tooManyParts }
            let (headers, bodyStart) = try readHeaders(from: position, lineBreak: lineBreak)
            guard let bodyEnd = ByteSearch.find(delimiter, in: bytes, from: bodyStart) else { throw .endsInsidePart }
            parts.append(RawPart(headers: headers, body: bodyStart..<bodyEnd))
            position = bodyEnd + delimiter.count
            if starts(with: Self.dashDash, at: position) || endsUnclosed(afterDelimiterAt: position) { return parts }
            let next = try lineEnd(afterDelimiterAt: position)
            guard next.isCRLF == newline.isCRLF else { throw .malformedPartHeaders }
            position = next.next
        }
    }

    /// The part's header lines up to the empty line, and where its body starts.
    private func readHeaders(from start: Int, lineBreak: [UInt8]) throws(MultipartProblem) -> ([(name: String, value: String)], Int) {
        var headers: [(name: String, value: String)] = []
        var position = start
        while true {
            // Look no further than the header limit allows, so a huge header line costs nothing to refuse.
            let window = min(bytes.count, start + MultipartLimits.maxPartHeaderBytes + lineBreak.count)
            let slice = UnsafeBufferPointer(rebasing: bytes[..<window])
            guard let end = ByteSearch.find(lineBreak, in: slice, from: position) else {
                throw window < bytes.count ? .partHeadersTooLarge : .endsInsidePart
            }
            if end == position { return (headers, end + lineBreak.count) }
            headers.append(try header(in: position..<end))
            position = end + lineBreak.count
        }
    }

    /// `name: value`, the name an RFC 9110 token, the value without surrounding spaces.
    private func header(in line: Range<Int>) throws(MultipartProblem) -> (name: String, value: String) {
        guard let colon = line.first(where: { bytes[$0] == UInt8(ascii: ":") }), colon > line.lowerBound else {
            throw .malformedPartHeaders
        }
        let name = line.lowerBound..<colon
        guard name.allSatisfy({ Self.isTokenByte(bytes[$0]) }) else { throw .malformedPartHeaders }
        var value = (colon + 1)..<line.upperBound
        while let first = value.first, Self.isSpace(bytes[first]) { value = (first + 1)..<value.upperBound }
        while let last = value.last, Self.isSpace(bytes[last]) { value = value.lowerBound..<last }
        // A bare CR inside a line is not a line break and not text.
        guard !value.contains(where: { bytes[$0] == UInt8(ascii: "\r") }) else { throw .malformedPartHeaders }
        // Not UTF-8: refused rather than turned into replacement characters (a filename must come back as sent).
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[value]), as: UTF8.self) else {
            throw .malformedPartHeaders
        }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self), text)
    }

    /// After a delimiter: optional spaces and tabs (RFC 2046's transport padding), then the line break.
    private func lineEnd(afterDelimiterAt start: Int) throws(MultipartProblem) -> (next: Int, isCRLF: Bool) {
        var position = start
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        if starts(with: Self.crlf, at: position) { return (position + 2, true) }
        if starts(with: Self.lf, at: position) { return (position + 1, false) }
        throw position >= bytes.count ? .endsInsidePart : .malformedPartHeaders
    }

    /// After a delimiter: whether only transport padding and one line break are left, where that ends a body.
    private func endsUnclosed(afterDelimiterAt start: Int) -> Bool {
        guard acceptsUnclosedEnd else { return false }
        var position = start
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        if starts(with: Self.crlf, at: position) {
            position += Self.crlf.count
        } else if starts(with: Self.lf, at: position) {
            position += Self.lf.count
        }
        return position == bytes.count
    }

    private func starts(with prefix: [UInt8], at position: Int) -> Bool {
        guard position >= 0, position + prefix.count <= bytes.count else { return false }
        return prefix.indices.allSatisfy { bytes[position + $0] == prefix[$0] }
    }

    private static let crlf: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    private static let lf: [UInt8] = [UInt8(ascii: "\n")]
    private static let dashDash: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "-")]

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
