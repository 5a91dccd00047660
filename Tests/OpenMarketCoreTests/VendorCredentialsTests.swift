import OpenMarketCore
import Testing

@Suite("Keeping secrets out of text", .timeLimit(.minutes(10)))
struct VendorCredentialsTests {
    let credentials = VendorCredentials(identifier: "6c1f3b2e-b8d7-11ed-b1f2-0242ac120002", secret: "hunter2-very-secret")

    @Test func descriptionShowsTheIdentifierButNeverTheSecret() {
        #expect(credentials.description.contains("6c1f3b2e-b8d7-11ed-b1f2-0242ac120002"))
        #expect(!credentials.description.contains("hunter2"))
    }

    @Test func interpolationAndReflectionDoNotLeakTheSecret() {
        #expect(!"\(credentials)".contains("hunter2"))
        #expect(!String(describing: credentials).contains("hunter2"))
        #expect(!String(reflecting: credentials).contains("hunter2"))
        #expect(!"\([credentials])".contains("hunter2"))
    }

    @Test func transportErrorMessagesHideTheirDetails() {
        let detail = "connect(10.1.2.3:443) failed: secret=hunter2"

        for error in [OpenMarketError.timeout, .unreachable(detail), .undecodableResponse(detail), .storeFailure(detail)] {
            #expect(!error.message.contains("10.1.2.3"))
            #expect(!error.message.contains("hunter2"))
            #expect(!error.message.isEmpty)
        }
    }

    @Test func timeoutAndUnreachableHaveDistinctMessages() {
        #expect(OpenMarketError.timeout.message != OpenMarketError.unreachable("x").message)
    }

    @Test func invalidJoinsItsViolationMessages() {
        let error = OpenMarketError.invalid([.init(field: .name, message: "Name too short."), .init(field: nil, message: "Try again.")])

        #expect(error.message == "Name too short. Try again.")
    }
}
