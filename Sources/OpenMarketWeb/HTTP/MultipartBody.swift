import NIOCore
import OpenMarketCore
import OpenMarketInput

/// A multipart body as the web layer reads it: `MultipartForm` with its problems said as the API's errors.
enum MultipartBody {
    static func boundary(fromContentType contentType: String?) throws(OpenMarketError) -> String {
        let boundary: String?
        do {
            boundary = try MultipartForm.boundary(fromContentType: contentType)
        } catch {
            throw .malformed(error.message)
        }
        guard let boundary else {
            throw .unsupportedMedia("The body must be multipart/form-data with a `params` part and `images` parts.")
        }
        return boundary
    }

    static func parts(
        _ buffer: ByteBuffer, boundary: String, ending: MultipartForm.Ending = .closingDelimiter
    ) throws(OpenMarketError) -> [MultipartForm.Part] {
        do {
            return try MultipartForm(buffer, boundary: boundary, ending: ending).parts
        } catch {
            throw .malformed(error.message)
        }
    }
}
