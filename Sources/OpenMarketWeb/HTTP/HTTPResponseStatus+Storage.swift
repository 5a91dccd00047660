import HTTPTypes

extension HTTPResponse.Status {
    /// 507 (RFC 4918): the server could not store what it needed to complete the request.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
