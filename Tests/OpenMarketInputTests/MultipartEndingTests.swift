import Foundation
import NIOCore
import OpenMarketInput
import Testing

/// `MultipartForm.Ending.closingOrLastDelimiter`: the first OpenMarket generation's apps end a body with its last
/// delimiter line and never write `--` after it. Only what ends the body differs; every limit holds as before.
@Suite("Multipart bodies ended by their last delimiter", .timeLimit(.minutes(10)))
struct MultipartEndingTests {
    private static let boundary = "Boundary-0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9"

    private static func parts(_ count: Int, lineBreak: String = "\r\n") -> String {
        (0..<count).map { "--\(boundary)\(lineBreak)Content-Disposition: form-data; name=\"f\($0)\"\(lineBreak)\(lineBreak)\($0)\(lineBreak)" }.joined()
    }

    private static func lenient(_ text: String) throws(MultipartProblem) -> MultipartForm {
        try MultipartForm(ByteBuffer(string: text), boundary: boundary, ending: .closingOrLastDelimiter)
    }

    private static func strict(_ text: String) throws(MultipartProblem) -> MultipartForm {
        try MultipartForm(ByteBuffer(string: text), boundary: boundary)
    }

    @Test(arguments: ["\r\n", "\n"])
    func aBodyEndingWithItsLastDelimiterLineReadsAsTheClosedOne(lineBreak: String) throws {
        let closed = try Self.strict(Self.parts(3, lineBreak: lineBreak) + "--\(Self.boundary)--\(lineBreak)")
        for end in ["--\(Self.boundary)\(lineBreak)", "--\(Self.boundary)", "--\(Self.boundary) \t\(lineBreak)"] {
            let form = try Self.lenient(Self.parts(3, lineBreak: lineBreak) + end)
            #expect(form.parts.map(\.name) == closed.parts.map(\.name), "\(end.debugDescription)")
            #expect(form.parts.map { String(buffer: $0.body) } == ["0", "1", "2"], "\(end.debugDescription)")
        }
        // A closed body reads the same either way.
        let closedBody = Self.parts(3, lineBreak: lineBreak) + "--\(Self.boundary)--\(lineBreak)"
        #expect(try Self.lenient(closedBody).parts.map(\.name) == closed.parts.map(\.name))
    }

    /// The v2 API and the upload form keep RFC 2046's end: there, an unclosed body is an upload cut short.
    @Test func theStrictEndingStillRefusesIt() {
        #expect(throws: MultipartProblem.missingClosingBoundary) { try Self.strict(Self.parts(2) + "--\(Self.boundary)\r\n") }
    }

    @Test func whatIsCutShortIsStillRefused() {
        let cases: [(String, MultipartProblem)] = [
            // Inside a part's body, inside its headers, and an empty header block begun after the last delimiter.
            (Self.parts(2) + "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"images[]\"; filename=\"a.jpg\"\r\n\r\n\u{FF}\u{D8}",
                .missingClosingBoundary),
            (Self.parts(2) + "--\(Self.boundary)\r\nContent-Disposition: form-da", .missingClosingBoundary),
            (Self.parts(2) + "--\(Self.boundary)\r\n\r\n", .endsInsidePart),
            (Self.parts(2) + "--\(Self.boundary)\r\nx", .missingClosingBoundary),
            ("", .missingClosingBoundary),
        ]
        for (text, problem) in cases {
            #expect(throws: problem, "\(text.suffix(40).debugDescription)") { try Self.lenient(text) }
        }
    }

    @Test func everyLimitHoldsWhateverEndsTheBody() throws {
        let end = "--\(Self.boundary)\r\n"
        #expect(try Self.lenient(Self.parts(MultipartLimits.maxParts) + end).parts.count == MultipartLimits.maxParts)
        #expect(throws: MultipartProblem.tooManyParts) { try Self.lenient(Self.parts(MultipartLimits.maxParts + 1) + end) }
        let longHeader = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(String(repeating: "a", count: MultipartLimits.maxPartHeaderBytes))\"\r\n\r\nx\r\n"
        #expect(throws: MultipartProblem.partHeadersTooLarge) { try Self.lenient(longHeader + end) }
        let preamble = String(repeating: "p", count: MultipartLimits.maxPreambleBytes + 1)
        #expect(throws: MultipartProblem.doesNotStartWithBoundary) { try Self.lenient(preamble + Self.parts(1) + end) }
        #expect(try Self.lenient(end).parts.isEmpty)
    }
}
