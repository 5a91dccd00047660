import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// What RFC 9112 asks of a request's target and `Host` that Hummingbird cannot see: it receives requests already
/// converted to HTTPTypes, where an absolute-form target (`GET http://host/path`) has lost its scheme and host
/// and a second `Host` field is an ordinary header. `RequestTargetCheck` reads the request as it was parsed, and
/// `RequestTargetMiddleware` answers what it found before routing.
enum RequestTarget {
    /// Set only by `RequestTargetCheck`, which removes any a client sent: what is wrong with the target, or
    /// `absolute` for an absolute-form target whose host the middleware must still check.
    static let problemField = HTTPField.Name("X-OpenMarket-Request-Target")!

    enum Finding: String {
        /// More than one `Host` field (RFC 9112 §3.2): 400.
        case severalHosts = "several-hosts"
        /// An absolute-form target with a scheme other than `http` or `https`, or without a host: 400.
        case badAbsoluteForm = "bad-absolute-form"
        /// An `http(s)` absolute-form target, turned into origin form with its host as the `Host`: allowed hosts only.
        case absolute
    }
}

/// Sits right behind NIO's HTTP/1 parser and looks at each request head as it was sent; marks what it finds in
/// `RequestTarget.problemField`. An absolute-form target becomes origin form, its authority the `Host` (RFC 9112
/// §3.2.2: the target's host wins over the field).
final class RequestTargetCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.remove(name: RequestTarget.problemField.rawName)
        if let finding = Self.inspect(&head) {
            head.headers.add(name: RequestTarget.problemField.rawName, value: finding.rawValue)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    static func inspect(_ head: inout HTTPRequestHead) -> RequestTarget.Finding? {
        if head.headers["Host"].count > 1 { return .severalHosts }
        guard let first = head.uri.utf8.first, first != UInt8(ascii: "/"), head.uri != "*" else { return nil }
        // `scheme://authority[/path][?query]`; anything else (authority form outside CONNECT) is no target we serve.
        guard let schemeEnd = head.uri.range(of: "://") else { return .badAbsoluteForm }
        let scheme = head.uri[..<schemeEnd.lowerBound].lowercased()
        let rest = head.uri[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        guard ["http", "https"].contains(scheme), HostHeader(authority) != nil else { return .badAbsoluteForm }
        let path = rest[authorityEnd...]
        head.uri = path.first == "/" ? String(path) : "/" + path
        head.headers.replaceOrAdd(name: "Host", value: authority)
        return .absolute
    }

    /// Put in a connection's pipeline by Hummingbird behind its HTTPTypes conversion, it places a
    /// `RequestTargetCheck` right behind the parser instead, then passes everything on untouched.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            guard let parser = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) else { return }
            try? pipeline.addHandler(RequestTargetCheck(), position: .after(parser.handler))
        }
    }
}

/// Before routing: answers 400 for what `RequestTargetCheck` found — several `Host` fields, an absolute-form target
/// of another scheme, or one naming a host we do not answer to.
struct RequestTargetMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let allowedHosts: Set<String>
    let pages: ErrorPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let finding = request.headers[RequestTarget.problemField].flatMap(RequestTarget.Finding.init(rawValue:)) else {
            return try await next(request, context)
        }
        if finding == .absolute, let host = HostHeader(request.head.authority), allowedHosts.contains(host.name) {
            return try await next(request, context)
        }
        context.logger.notice("Request target refused", metadata: ["finding": "\(finding.rawValue)"])
        let refusal = HTTPError(.badRequest, message: "This server does not answer for that request target or Host.")
        return pages.html(ErrorPresentation(refusal), request: request, requestID: context.id)
    }
}
