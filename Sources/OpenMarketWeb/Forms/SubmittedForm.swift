import Foundation
import Hummingbird
import NIOCore
import OpenMarketCore

/// A posted HTML form, read once through the body limits, with its CSRF token already checked.
/// Controllers can only get a form through `read`, so no form handler can forget the check.
struct SubmittedForm: Sendable {
    struct File: Sendable {
        var fieldName: String
        var filename: String
        var contentType: String?
        var data: Data
    }

    static let csrfField = "_csrf"

    private(set) var fields: [String: String]
    private(set) var files: [File]

    subscript(name: String) -> String? { fields[name] }

    /// The field's value with surrounding spaces removed; `nil` when absent or blank.
    func trimmed(_ name: String) -> String? {
        fields[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func read(_ request: Request, context: AppRequestContext, deadline: Duration) async throws -> SubmittedForm {
        let contentType = request.headers[.contentType] ?? ""
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxRequestBodyBytes, deadline: deadline)
        let form: SubmittedForm
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            form = try multipart(body, boundary: try MultipartBody.boundary(fromContentType: contentType))
        } else {
            form = try urlEncoded(String(buffer: body))
        }
        guard context.visitor.hadCSRFCookie, let token = form[csrfField],
            VisitorMiddleware.constantTimeEquals(token, context.visitor.csrfToken)
        else {
            throw WebError.csrfRejected
        }
        return form
    }

    /// A field sent twice is refused: "last one wins" would let a crafted form smuggle a second value.
    private static func multipart(_ body: ByteBuffer, boundary: String) throws -> SubmittedForm {
        var fields: [String: String] = [:]
        var files: [File] = []
        for part in try MultipartBody(body, boundary: boundary).parts {
            if let filename = part.filename {
                // Browsers send an empty file part when nothing was chosen.
                guard !filename.isEmpty || part.body.readableBytes > 0 else { continue }
                files.append(File(fieldName: part.name, filename: filename, contentType: part.contentType, data: Data(part.body.readableBytesView)))
            } else {
                guard fields[part.name] == nil else { throw WebError.badForm("The field \(part.name) was sent twice.") }
                fields[part.name] = String(decoding: part.body.readableBytesView, as: UTF8.self)
            }
        }
        return SubmittedForm(fields: fields, files: files)
    }

    private static func urlEncoded(_ text: String) throws -> SubmittedForm {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw WebError.badForm("The form is not properly encoded.")
            }
            guard fields[name] == nil else { throw WebError.badForm("The field \(name) was sent twice.") }
            fields[name] = value
        }
        return SubmittedForm(fields: fields, files: [])
    }

    private static func decode(_ component: Substring) -> String? {
        String(component).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
