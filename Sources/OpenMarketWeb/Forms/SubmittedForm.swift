import Foundation
import Hummingbird
import NIOCore
import OpenMarketCore
import OpenMarketInput
import OpenMarketWebState

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
    /// Fields a form may send several times (checkboxes of one name); every other name must come once.
    private(set) var lists: [String: [String]]
    private(set) var files: [File]

    subscript(name: String) -> String? { fields[name] }

    func values(_ name: String) -> [String] { lists[name] ?? [] }

    /// The field's value with surrounding spaces removed; `nil` when absent or blank.
    func trimmed(_ name: String) -> String? {
        fields[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func read(
        _ request: Request, context: AppRequestContext, deadline: Duration, repeatable: Set<String> = []
    ) async throws -> SubmittedForm {
        let contentType = request.headers[.contentType] ?? ""
        let body = try await RequestBodyReader.collect(request, limit: WebLimits.maxRequestBodyBytes, deadline: deadline)
        let form: SubmittedForm
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            form = try multipart(body, boundary: try MultipartBody.boundary(fromContentType: contentType), repeatable: repeatable)
        } else {
            form = try urlEncoded(String(buffer: body), repeatable: repeatable)
        }
        try form.checkCSRF(context)
        return form
    }

    /// A form whose parts were read elsewhere (`FormUploads`, from a spooled body), under the same rules.
    static func assemble(
        texts: [(name: String, value: String)], files: [File], repeatable: Set<String> = [], context: AppRequestContext
    ) throws -> SubmittedForm {
        var collector = Collector(repeatable: repeatable)
        for (name, value) in texts { try collector.add(name, value) }
        let form = SubmittedForm(fields: collector.fields, lists: collector.lists, files: files)
        try form.checkCSRF(context)
        return form
    }

    private func checkCSRF(_ context: AppRequestContext) throws {
        guard context.visitor.hadCSRFCookie, let token = self[Self.csrfField],
            Tokens.equal(token, context.visitor.csrfToken)
        else {
            throw WebError.csrfRejected
        }
    }

    /// A field sent twice is refused: "last one wins" would let a crafted form smuggle a second value.
    private static func multipart(_ body: ByteBuffer, boundary: String, repeatable: Set<String>) throws -> SubmittedForm {
        var collector = Collector(repeatable: repeatable)
        var files: [File] = []
        for part in try MultipartBody.parts(body, boundary: boundary) {
            if let filename = part.filename {
                // Browsers send an empty file part when nothing was chosen.
                guard !filename.isEmpty || part.body.readableBytes > 0 else { continue }
                files.append(File(fieldName: part.name, filename: filename, contentType: part.contentType, data: Data(part.body.readableBytesView)))
            } else {
                try collector.add(part.name, String(decoding: part.body.readableBytesView, as: UTF8.self))
            }
        }
        return SubmittedForm(fields: collector.fields, lists: collector.lists, files: files)
    }

    private static func urlEncoded(_ text: String, repeatable: Set<String>) throws -> SubmittedForm {
        var collector = Collector(repeatable: repeatable)
        guard let pairs = FormEncoding.pairs(Substring(text)) else { throw WebError.badForm("The form is not properly encoded.") }
        for (name, value) in pairs {
            try collector.add(name, value)
        }
        return SubmittedForm(fields: collector.fields, lists: collector.lists, files: [])
    }

    private struct Collector {
        let repeatable: Set<String>
        var fields: [String: String] = [:]
        var lists: [String: [String]] = [:]

        mutating func add(_ name: String, _ value: String) throws {
            if repeatable.contains(name) {
                lists[name, default: []].append(value)
                return
            }
            guard fields[name] == nil else { throw WebError.badForm("The field \(name) was sent twice.") }
            fields[name] = value
        }
    }
}
