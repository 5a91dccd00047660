/// Why a multipart body could not be read; each layer words it for its readers.
public enum MultipartProblem: Error, Sendable, Hashable {
    case noBoundary
    case doesNotStartWithBoundary
    case tooManyParts
    case missingClosingBoundary
    case partHeadersTooLarge
    case malformedPartHeaders
    case missingContentDisposition
    case endsInsidePart

    /// The API's sentence for it.
    public var message: String {
        switch self {
        case .noBoundary: "The multipart Content-Type has no boundary."
        case .doesNotStartWithBoundary: "The multipart body does not start with its boundary."
        case .tooManyParts: "The multipart body has more than \(MultipartLimits.maxParts) parts."
        case .missingClosingBoundary: "The multipart body is incomplete: its closing boundary is missing (was the upload cut short?)."
        case .partHeadersTooLarge: "A multipart part has more than \(MultipartLimits.maxPartHeaderBytes) bytes of headers."
        case .malformedPartHeaders: "The multipart body is malformed (a part's headers could not be read)."
        case .missingContentDisposition: "A multipart part has no `Content-Disposition: form-data; name=…` header."
        case .endsInsidePart: "The multipart body ends inside a part."
        }
    }
}
