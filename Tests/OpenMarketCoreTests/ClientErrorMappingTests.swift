import Foundation
import Testing

@testable import OpenMarketCore

@Suite("OpenMarketClient.error(for:)", .timeLimit(.minutes(10)))
struct ClientErrorMappingTests {
    private func error(_ status: Int, _ body: String) -> OpenMarketError {
        OpenMarketClient.error(for: OpenMarketClient.RawResponse(status: status, body: Data(body.utf8)))
    }

    private func springBody(_ status: Int, message: String) -> String {
        #"{"timestamp":"2023-03-02T05:12:44.123+00:00","status":\#(status),"error":"X","message":"\#(message)","path":"/api/products/1"}"#
    }

    @Test func notFoundKeepsTheServersMessage() {
        #expect(error(404, springBody(404, message: "No product 99999")) == .notFound("No product 99999"))
    }

    @Test func notFoundFixtureWithoutMessageStillMapsToNotFound() throws {
        let body = try Fixture.data("v2-error-404.json")

        let mapped = OpenMarketClient.error(for: OpenMarketClient.RawResponse(status: 404, body: body))

        guard case .notFound = mapped else {
            Issue.record("expected .notFound, got \(mapped)")
            return
        }
    }

    @Test func badRequestFixtureMapsToMalformedWithItsMessage() throws {
        let body = try Fixture.data("v2-error-400.json")

        let mapped = OpenMarketClient.error(for: OpenMarketClient.RawResponse(status: 400, body: body))

        #expect(mapped == .malformed("Required request part 'params' is not present"))
    }

    @Test func authorisationStatusesMapToTheirCases() {
        #expect(error(401, springBody(401, message: "Unknown vendor")) == .unauthorized("Unknown vendor"))
        #expect(error(403, springBody(403, message: "Not your product")) == .forbidden("Not your product"))
    }

    @Test func sizeAndMediaStatusesMapToTheirCases() {
        #expect(error(413, springBody(413, message: "Image too large")) == .tooLarge("Image too large"))
        #expect(error(415, springBody(415, message: "Not an image")) == .unsupportedMedia("Not an image"))
    }

    @Test func validationErrorsKeepEachFieldAndMessage() {
        let body = #"""
            {"status":422,"error":"Unprocessable Entity","message":"Invalid product","path":"/api/products",
             "errors":[{"field":"name","message":"Name must be 3 to 100 characters."},
                       {"field":"discounted_price","message":"Discount exceeds price."},
                       {"field":"colour","message":"Unknown field."},
                       {"message":"General problem."}]}
            """#

        #expect(
            error(422, body)
                == .invalid([
                    .init(field: .name, message: "Name must be 3 to 100 characters."),
                    .init(field: .discountedPrice, message: "Discount exceeds price."),
                    .init(field: nil, message: "Unknown field."),
                    .init(field: nil, message: "General problem."),
                ])
        )
    }

    @Test func validationErrorWithoutListBecomesOneGeneralViolation() {
        #expect(error(422, springBody(422, message: "Invalid product")) == .invalid([.init(field: nil, message: "Invalid product")]))
    }

    @Test func unmappedStatusKeepsAShortExcerptOfTheBody() {
        let body = String(repeating: "x", count: 1000)

        let mapped = error(500, body)

        #expect(mapped == .upstreamStatus(500, bodyExcerpt: String(repeating: "x", count: 300)))
        #expect(mapped.message == "The market server answered with status 500.")
    }

    @Test func unmappedStatusWithShortBodyKeepsItWhole() {
        #expect(error(502, "Bad Gateway") == .upstreamStatus(502, bodyExcerpt: "Bad Gateway"))
    }

    /// A raw body (a proxy's HTML page, a JSON document without `message`) is never shown to people.
    @Test func bodyWithoutAMessageGetsAPlainSentence() {
        #expect(error(404, "<html><body>nginx</body></html>") == .notFound("The market server answered with status 404."))
        #expect(error(400, "") == .malformed("The market server answered with status 400."))
        #expect(error(404, #"{"timestamp":"2023-03-02T05:13:10.456+00:00","status":404,"path":"/api/products/9"}"#).message
            == "The market server answered with status 404.")
    }

    @Test func unprocessableWithAnEmptyErrorListFallsBackToTheMessage() {
        let mapped = error(422, #"{"status":422,"message":"The name is too short.","errors":[]}"#)
        #expect(mapped == .invalid([.init(field: nil, message: "The name is too short.")]))
        #expect(mapped.message == "The name is too short.")
    }

    @Test func longNonJSONBodyIsCutForTheMessage() {
        let mapped = error(401, String(repeating: "y", count: 5000))

        #expect(mapped.message.count <= 300)
    }

    @Test func onlyTimeoutAndUnreachableAreTransient() {
        #expect(OpenMarketError.timeout.isTransient)
        #expect(OpenMarketError.unreachable("refused").isTransient)
        #expect(!OpenMarketError.notFound("x").isTransient)
        #expect(!OpenMarketError.upstreamStatus(503, bodyExcerpt: "").isTransient)
        #expect(!OpenMarketError.undecodableResponse("x").isTransient)
    }
}
