import Foundation
import NIOCore
import OpenMarketInput
import Testing

@Suite("Multipart bodies", .timeLimit(.minutes(10)))
struct MultipartFormTests {
    private static let boundary = "Boundary-7MA4YWxkTrZu0gW"

    private static func body(_ text: String, lineBreak: String = "\r\n") -> ByteBuffer {
        ByteBuffer(string: text.replacingOccurrences(of: "\n", with: lineBreak))
    }

    private static func form(_ text: String, lineBreak: String = "\r\n") throws(MultipartProblem) -> MultipartForm {
        try MultipartForm(body(text, lineBreak: lineBreak), boundary: boundary)
    }

    private static let twoParts = """
        --\(boundary)
        Content-Disposition: form-data; name="params"
        Content-Type: application/json

        {"name":"캠핑용 랜턴"}
        --\(boundary)
        Content-Disposition:form-data; name="images"; filename="a.jpg"

        line one
        line two
        --\(boundary)--

        """

    @Test(arguments: ["\r\n", "\n"])
    func partsComeBackWithTheirHeadersAndBodiesForEitherLineBreak(lineBreak: String) throws {
        let form = try Self.form(Self.twoParts, lineBreak: lineBreak)
        #expect(form.parts.map(\.name) == ["params", "images"])
        #expect(form.parts.map(\.filename) == [nil, "a.jpg"])
        #expect(form.parts[0].contentType == "application/json")
        #expect(String(buffer: form.parts[0].body) == #"{"name":"캠핑용 랜턴"}"#)
        #expect(String(buffer: form.parts[1].body) == "line one\(lineBreak)line two")
    }

    @Test func aBinaryBodyKeepsEveryByteIncludingLineBreaksAndNearMisses() throws {
        let payload: [UInt8] = Array(0...255) + Array("\r\n--\(Self.boundary.dropLast())\r\n\r\n".utf8) + [0x0D]
        var buffer = ByteBuffer(string: "\r\n--\(Self.boundary)  \r\nContent-Disposition: form-data; name=\"images\"; filename=\"x.bin\"\r\n\r\n")
        buffer.writeBytes(payload)
        buffer.writeString("\r\n--\(Self.boundary)--")
        let form = try MultipartForm(buffer, boundary: Self.boundary)
        #expect(form.parts.count == 1)
        #expect(Array(form.parts[0].body.readableBytesView) == payload)
    }

    /// The input a fuzz run found: MultipartKit's parser indexed a 128-entry table with a header-name byte above
    /// 0x7F and trapped, taking the whole server down with one request.
    @Test(arguments: [UInt8(0x80), 0xC3, 0xFF, 0x00, UInt8(ascii: " "), UInt8(ascii: "(")])
    func aHeaderNameWithAByteOutsideTheTokenSetIsRefused(byte: UInt8) {
        var buffer = ByteBuffer(string: "--\(Self.boundary)\r\nContent-Dispo")
        buffer.writeInteger(byte)
        buffer.writeString("sition: form-data; name=\"a\"\r\n\r\nx\r\n--\(Self.boundary)--\r\n")
        #expect(throws: MultipartProblem.malformedPartHeaders) { try MultipartForm(buffer, boundary: Self.boundary) }
    }

    /// RFC 7578 requires a `name` but not a non-empty one: such a part is read, and no field asks for it.
    @Test func aPartWithAnEmptyNameIsReadNotRefused() throws {
        let b = Self.boundary
        let form = try Self.form("--\(b)\nContent-Disposition: form-data; name=\"\"\n\nnull\n--\(b)\nContent-Disposition: form-data; name=\"title\"\n\nabc\n--\(b)--\n")
        #expect(form.parts.map(\.name) == ["", "title"])
        #expect(String(buffer: form.parts[1].body) == "abc")
        #expect(throws: MultipartProblem.missingContentDisposition) {
            try Self.form("--\(b)\nContent-Disposition: form-data; filename=\"a\"\n\nx\n--\(b)--\n")
        }
    }

    @Test func eachWayOfBeingMalformedHasItsOwnProblem() {
        let b = Self.boundary
        let cases: [(String, MultipartProblem)] = [
            ("--\(b)\nContent-Disposition: form-data; name=\"a\"\n\nx\n", .missingClosingBoundary),
            ("--\(b)\nContent-Disposition: form-data; name=\"a\"\n\nx--\(b)--\n", .endsInsidePart),
            ("--\(b)\nContent-Disposition: form-data; name=\"a\"\nno colon\n\nx\n--\(b)--\n", .malformedPartHeaders),
            ("--\(b)\n: empty name\n\nx\n--\(b)--\n", .malformedPartHeaders),
            ("--\(b)\nContent-Type: text/plain\n\nx\n--\(b)--\n", .missingContentDisposition),
            ("--\(b)\nContent-Disposition: attachment; name=\"a\"\n\nx\n--\(b)--\n", .missingContentDisposition),
            ("--\(b)junk\nContent-Disposition: form-data; name=\"a\"\n\nx\n--\(b)--\n", .malformedPartHeaders),
            ("--\(b)\nX-Pad: \(String(repeating: "a", count: MultipartLimits.maxPartHeaderBytes))\n\nx\n--\(b)--\n", .partHeadersTooLarge),
            (String(repeating: "p", count: MultipartLimits.maxPreambleBytes + 1) + "\n--\(b)--\n", .doesNotStartWithBoundary),
        ]
        for (text, problem) in cases {
            #expect(throws: problem, "\(text.prefix(80))") { try Self.form(text) }
        }
    }

    /// A fuzz run found it: bytes that are not UTF-8 became three-byte replacement characters, so the headers
    /// read back were larger than the limit they were checked against.
    @Test func aHeaderValueThatIsNotUTF8IsRefused() throws {
        var buffer = ByteBuffer(string: "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\nContent-Type: x")
        buffer.writeBytes([UInt8](repeating: 0xF4, count: 400))
        buffer.writeString("\r\n\r\nx\r\n--\(Self.boundary)--\r\n")
        #expect(throws: MultipartProblem.malformedPartHeaders) { try MultipartForm(buffer, boundary: Self.boundary) }
        let korean = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"images\"; filename=\"사진.jpg\"\r\n\r\nx\r\n--\(Self.boundary)--"
        #expect(try MultipartForm(ByteBuffer(string: korean), boundary: Self.boundary).parts.first?.filename == "사진.jpg")
    }

    @Test func linesMustAllEndTheWayTheFirstDelimiterLineEnds() {
        let mixed = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--\(Self.boundary)\nContent-Disposition: form-data; name=\"b\"\n\ny\n--\(Self.boundary)--"
        #expect(throws: MultipartProblem.self) { try MultipartForm(ByteBuffer(string: mixed), boundary: Self.boundary) }
    }

    @Test func partsUpToTheLimitAreReadAndOneMoreIsRefused() throws {
        func text(parts: Int) -> String {
            (0..<parts).map { "--\(Self.boundary)\nContent-Disposition: form-data; name=\"f\($0)\"\n\n\($0)\n" }.joined() + "--\(Self.boundary)--\n"
        }
        #expect(try Self.form(text(parts: MultipartLimits.maxParts)).parts.count == MultipartLimits.maxParts)
        #expect(throws: MultipartProblem.tooManyParts) { try Self.form(text(parts: MultipartLimits.maxParts + 1)) }
    }

    @Test func anEmptyFormAndAPreambleAreAccepted() throws {
        #expect(try Self.form("--\(Self.boundary)--").parts.isEmpty)
        #expect(try Self.form("a preamble line\n" + Self.twoParts).parts.count == 2)
    }
}

@Suite("Header parameters", .timeLimit(.minutes(10)))
struct HeaderParametersTests {
    /// A fuzz run found it: read Character by Character, `"` + U+0301 was one Character, so the quote neither
    /// opened nor closed and the filename came back cut or merged with the next parameter.
    @Test func aQuoteFollowedByACombiningMarkStillQuotes() throws {
        let parsed = try #require(HeaderParameters("form-data; name=\"images\"; filename=\"\u{301}a; b.jpg\"; x=1"))
        #expect(parsed.value == "form-data")
        #expect(parsed["name"] == "images")
        #expect(parsed["filename"] == "\u{301}a; b.jpg")
        #expect(parsed["x"] == "1")
    }

    @Test func escapedQuotesAndCaseAndSpacingAreHandled() throws {
        let parsed = try #require(HeaderParameters(" multipart/form-data ;BOUNDARY=\"a \\\"b\\\" c\";  charset = utf-8 "))
        #expect(parsed.value == "multipart/form-data")
        #expect(parsed["boundary"] == "a \"b\" c")
        #expect(parsed["Charset"] == "utf-8")
        #expect(HeaderParameters("  ") == nil)
    }
}
