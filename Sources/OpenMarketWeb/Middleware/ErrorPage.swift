import Hummingbird
import OpenMarketTemplating
import OpenMarketTexts

/// The page people see when a request fails: what happened in their language, a way back, and for our own
/// failures the request id to quote. Never the raw error.
struct ErrorPage: PageModel {
    static let templateName = "errors/error"

    var context: PageContext
    var status: Int
    var heading: String
    var message: String
    var detail: String?
    var showsRequestID: Bool
    var requestID: String
    var isRetryable: Bool
    var retryURL: String
    /// A 404 offers a search of the market, the likeliest way to what the person looked for.
    var offersSearch: Bool
    var searchPath: String

    init(presentation: ErrorPresentation, context: PageContext, requestID: String, retryURL: String) {
        let strings = context.strings
        let code = Int(presentation.status.code)
        (heading, message) = switch code {
        case 404: (strings[.errorNotFoundTitle], strings[.errorNotFoundMessage])
        case 413: (strings[.errorTooLargeTitle], strings[.errorTooLargeMessage])
        case 429:
            if case .tooManyAttempts(let seconds)? = presentation.webError {
                (strings[.errorTooManyTitle], strings.errTooManyAttempts(seconds: seconds))
            } else {
                (strings[.errorTooManyTitle], strings[.errorTooManyMessage])
            }
        case 502, 503: (strings[.errorBadGatewayTitle], strings[.errorBadGatewayMessage])
        case 504: (strings[.errorTimeoutTitle], strings[.errorTimeoutMessage])
        case 500...: (strings[.errorServerTitle], strings[.errorServerMessage])
        case 403: (strings[.errorForbiddenTitle], strings[.errorCSRFMessage])
        case 415: (strings[.errorBadRequestTitle], strings[.errMarketPhotoUnreadable])
        case 422 where !presentation.violations.isEmpty:
            (strings[.errorBadRequestTitle], presentation.violations.map { strings.message(for: $0) }.joined(separator: " "))
        default: (strings[.errorBadRequestTitle], strings[.errorBadRequestMessage])
        }
        if case .writesDisabled? = presentation.webError {
            message = strings[.writesDisabled]
        }
        if case .hostNotAllowed? = presentation.webError {
            (heading, message) = (strings[.errorForbiddenTitle], context.language.adminStrings[.hostRefused])
        }
        var context = context
        context.layout.title = heading
        self.context = context
        status = code
        // Our own sentences about a refused request help people fix it; they never hold secrets or raw errors. They are
        // English, like the market's, so they are shown only where the market's words are (`showsMarketWords`).
        detail = strings.showsMarketWords && (400..<500).contains(code) && ![404, 403, 429].contains(code) && message != presentation.message
            ? presentation.message : nil
        showsRequestID = code >= 500
        self.requestID = requestID
        isRetryable = [502, 503, 504].contains(code)
        self.retryURL = retryURL
        offersSearch = code == 404
        searchPath = SiteURL.products().link
    }
}

extension ErrorPage: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "status": .int(status)
        case "heading": .text(heading)
        case "message": .text(message)
        case "detail": .text(detail)
        case "showsRequestID": .bool(showsRequestID)
        case "requestID": .text(requestID)
        case "isRetryable": .bool(isRetryable)
        case "retryURL": .text(retryURL)
        case "offersSearch": .bool(offersSearch)
        case "searchPath": .text(searchPath)
        default: context.value(forKey: key)
        }
    }
}
