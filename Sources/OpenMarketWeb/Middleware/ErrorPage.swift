import Hummingbird

/// The page people see when a request fails.
struct ErrorPage: PageModel {
    static let templateName = "errors/error"

    var layout: Layout
    var status: Int
    var heading: String
    var message: String
    var violations: [String]
    var showsRequestID: Bool
    var requestID: String
    var isUpstreamProblem: Bool

    init(presentation: ErrorPresentation, requestID: String) {
        let heading: String = switch presentation.status.code {
        case 404: "페이지를 찾을 수 없습니다 · Not found"
        case 502: "마켓 서버에 연결할 수 없습니다 · Market unavailable"
        case 504: "마켓 서버가 응답하지 않습니다 · Market timed out"
        case 500...: "문제가 발생했습니다 · Something went wrong"
        default: "요청을 처리할 수 없습니다 · Request refused"
        }
        self.layout = Layout(title: heading, requestID: requestID)
        self.status = Int(presentation.status.code)
        self.heading = heading
        self.message = presentation.message
        self.violations = presentation.violations.map(\.message)
        self.showsRequestID = presentation.status.code >= 500
        self.requestID = requestID
        self.isUpstreamProblem = [502, 504].contains(presentation.status.code)
    }
}
