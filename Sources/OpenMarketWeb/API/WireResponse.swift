import Foundation
import Hummingbird
import OpenMarketCore

/// Responses of the market API in its wire format.
enum WireResponse {
    /// The one spelling of JSON's type on every answer of the APIs, errors included (the wire contract's own spelling).
    static let jsonType = "application/json"

    static func json(_ value: WireJSON, status: HTTPResponse.Status = .ok) -> Response {
        json(ByteBuffer(bytes: value.bytes()), status: status)
    }

    /// JSON already written, such as a kept answer.
    static func json(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: jsonType], body: ResponseBody(byteBuffer: body))
    }

    static func text(_ value: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain;charset=UTF-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value)))
    }
}
