import Foundation
import Hummingbird
import Logging
import OpenMarketCore
import OpenMarketImaging
import OpenMarketInput
import OpenMarketWebState

/// The upload form with its photos: phone photos of up to 20 MB each, with or without the browser script.
///
/// The body is spooled to a file as it arrives and parsed from a read-only mapping; the CSRF token is checked
/// before any photo is decoded; then each photo is decoded by libvips, turned upright, stripped of its metadata
/// and shrunk to the market's rule (a JPEG of at most 1600 px and 300 KB), so the market — embedded or remote —
/// only ever receives what it accepts. A few uploads at a time do this (`UploadGate`); the rest wait on disk.
struct FormUploads: Sendable {
    /// What was read: the form with the photos it could take, already processed; why the first other one was
    /// refused; and how many photos past the fifth were not read at all.
    struct Upload: Sendable {
        var form: SubmittedForm
        var refusal: PhotoRefusal?
        var leftOut = 0
    }

    /// Why a photo cannot be listed, with the file's own name.
    enum PhotoRefusal: Error, Sendable, Equatable {
        case tooManyBytes(name: String, bytes: Int)
        case notAnImage(name: String)
        case tooManyPixels(position: Int, width: Int, height: Int)
        /// Still over the market's size at the smallest display size.
        case notShrunk(name: String)
        case notProcessed(name: String)
    }

    let directory: URL
    let processor: ImageProcessor?
    let gate: UploadGate
    let deadline: Duration
    let logger: Logger

    /// The display image the market stores, without thumbnails: the market makes its own.
    static let limits = ImageLimits(maxStoredBytes: MarketLimits.maxImageBytes, thumbnailWidths: [])

    /// Makes the spool directory and removes files a crash left in it.
    init(directory: URL, processor: ImageProcessor?, deadline: Duration, logger: Logger) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for leftover in (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [] {
            try? FileManager.default.removeItem(at: leftover)
        }
        self.directory = directory
        self.processor = processor
        self.gate = UploadGate(permits: ProcessInfo.processInfo.activeProcessorCount)
        self.deadline = deadline
        self.logger = logger
    }

    /// Reads the form; `photoField` names the file input whose files are the photos (others are ignored), and
    /// `repeatable` the fields it may send several times (checkboxes of one name).
    func read(_ request: Request, context: AppRequestContext, photoField: String, repeatable: Set<String> = []) async throws -> Upload {
        let contentType = request.headers[.contentType] ?? ""
        let boundary: String?
        do {
            boundary = try MultipartForm.boundary(fromContentType: contentType)
        } catch {
            // No boundary, an empty one, one too long: the request is malformed (400), as on every other route.
            throw OpenMarketError.malformed(error.message)
        }
        guard let boundary else {
            // A form without files (no enctype) is small: read it the ordinary way.
            return Upload(form: try await SubmittedForm.read(request, context: context, deadline: deadline, repeatable: repeatable))
        }
        let file = try await UploadSpool.write(request, directory: directory, limit: WebLimits.maxUploadFormBytes, deadline: deadline)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await gate.run {
            try await self.read(file, boundary: boundary, photoField: photoField, repeatable: repeatable, context: context)
        }
    }

    private func read(
        _ file: URL, boundary: String, photoField: String, repeatable: Set<String>, context: AppRequestContext
    ) async throws -> Upload {
        guard let mapped = MappedFile(file) else { throw OpenMarketError.storeFailure("The spooled upload could not be read back.") }
        let parsed = mapped.withBytes { bytes in
            Result { () throws(MultipartProblem) in try MultipartForm.spans(bytes, boundary: boundary) }
        }
        let parts: [MultipartForm.Span]
        switch parsed {
        case .success(let spans): parts = spans
        case .failure(let problem): throw OpenMarketError.malformed(problem.message)
        }
        // Finding the parts read the whole body; each photo is read again when its turn comes.
        mapped.release(0..<mapped.count)
        var texts: [(name: String, value: String)] = []
        var photos: [MultipartForm.Span] = []
        for part in parts {
            if let filename = part.filename {
                // Browsers send an empty file part when nothing was chosen.
                guard !filename.isEmpty || !part.body.isEmpty else { continue }
                if part.name == photoField { photos.append(part) }
            } else {
                let value = mapped.withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[part.body]), as: UTF8.self) }
                texts.append((part.name, value))
            }
        }
        // The token first: nothing is decoded for a forged post.
        _ = try SubmittedForm.assemble(texts: texts, files: [], repeatable: repeatable, context: context)
        // Every photo a product can take is read, so one refused photo does not cost the others; the first
        // refusal is the one said. Photos past the fifth are not read (a product takes five).
        let limit = MarketLimits.imageCount.upperBound
        var files: [SubmittedForm.File] = []
        var refusal: PhotoRefusal?
        for (index, photo) in photos.prefix(limit).enumerated() {
            let name = photo.filename ?? ""
            Telemetry.recordUpload(bytes: photo.body.count, path: "form")
            guard photo.body.count <= WebLimits.maxPhotoBytes else {
                refusal = refusal ?? .tooManyBytes(name: name, bytes: photo.body.count)
                continue
            }
            let processed = await process(photo.body, of: mapped, position: index + 1, name: name)
            mapped.release(photo.body)
            switch processed {
            case .success(let data):
                files.append(SubmittedForm.File(fieldName: photo.name, filename: name, contentType: "image/jpeg", data: data))
            case .failure(let refused):
                refusal = refusal ?? refused
            }
        }
        withExtendedLifetime(mapped) {}
        let form = try SubmittedForm.assemble(texts: texts, files: files, repeatable: repeatable, context: context)
        return Upload(form: form, refusal: refusal, leftOut: max(0, photos.count - limit))
    }

    /// The photo's display JPEG, read in place from the mapping (libvips never copies the upload).
    private func process(_ range: Range<Int>, of mapped: MappedFile, position: Int, name: String) async -> Result<Data, PhotoRefusal> {
        guard let processor else { return .failure(.notProcessed(name: name)) }
        // No copy: the bytes stay in the mapping, which the caller keeps alive until every photo is done.
        let start = mapped.withBytes { $0.baseAddress.map { UnsafeMutableRawPointer(mutating: $0 + range.lowerBound) } }
        guard let start, !range.isEmpty else { return .failure(.notAnImage(name: name)) }
        let data = Data(bytesNoCopy: start, count: range.count, deallocator: .none)
        do {
            let image = try await processor.process(data, limits: Self.limits)
            return .success(image.display.data)
        } catch {
            switch error {
            case .notAnImage, .unsupportedFormat, .decodeFailed: return .failure(.notAnImage(name: name))
            case .tooManyPixels(let width, let height, _), .sideTooLong(let width, let height, _):
                return .failure(.tooManyPixels(position: position, width: width, height: height))
            case .tooLargeAfterShrinking: return .failure(.notShrunk(name: name))
            case .encodeFailed, .libraryUnavailable, .cancelled:
                logger.error("A form photo could not be processed", metadata: ["code": "\(error.code)"])
                return .failure(.notProcessed(name: name))
            }
        }
    }
}
