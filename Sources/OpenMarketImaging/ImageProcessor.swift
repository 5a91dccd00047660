import CVipsShim
import Foundation
import Logging
import NIOCore
import NIOPosix

/// Turns uploads into the images the market stores and serves, on worker threads of its own.
///
/// Decoding and encoding block a thread for tens of milliseconds and use memory in proportion to the pixels
/// being worked on, so they never run on Swift's cooperative pool or an event loop: each processor owns a pool
/// of `workers` threads, and callers beyond that wait in its queue without holding a thread or decoded pixels.
/// Create one per application and share it; it stops its threads when released.
public final class ImageProcessor: Sendable {
    private let pool: NIOThreadPool
    private let logger: Logger

    /// Starts `workers` threads (by default one per core) and libvips, if not yet started.
    public init(workers: Int = System.coreCount, logger: Logger = Logger(label: "OpenMarketImaging")) throws(ImageError) {
        guard Vips.isStarted else { throw .libraryUnavailable }
        pool = NIOThreadPool(numberOfThreads: max(1, workers))
        pool.start()
        self.logger = logger
    }

    /// One processor for the whole process (libvips' state is process-wide anyway), with one worker per core;
    /// `nil` when libvips cannot start.
    public static let shared: ImageProcessor? = try? ImageProcessor()

    deinit {
        // Queued work is cancelled; the threads end once their current image is done.
        pool.shutdownGracefully { _ in }
    }

    /// Checks the upload's header against `limits`, then decodes it (GIF: first frame; HEIF accepted), turns it
    /// upright from its EXIF orientation, converts it to sRGB and encodes the display image and thumbnails,
    /// all without any metadata.
    ///
    /// Transparent areas are flattened onto white, since every variant has a JPEG form. Cancelling the calling
    /// task withdraws an image still waiting for a worker; one already being processed is finished first.
    public func process(_ upload: Data, limits: ImageLimits = ImageLimits()) async throws(ImageError) -> ProcessedImage {
        let start = ContinuousClock.now
        // A PNG's text and private chunks are left out before libvips reads anything: they are metadata, which
        // no output keeps, and compressed text would be inflated at every header read (see `PNGChunks`).
        let data = PNGChunks.essential(upload)
        // The header is read here, on the caller's thread and before any worker is taken: a bomb or a file that
        // is no image never waits in the queue or holds a worker.
        try limits.check(try ImageInspector.header(of: data))
        let outcome: Result<ProcessedImage, ImageError>
        do {
            outcome = try await pool.runIfActive {
                let result = Result { () throws(ImageError) in try ImagePipeline(limits: limits).run(data) }
                om_release_freed_memory()
                return result
            }
        } catch {
            // Cancelled before a worker picked it up, or the pool is shutting down.
            throw .cancelled
        }
        let elapsed = ContinuousClock.now - start
        switch outcome {
        case .success(let image):
            logger.debug(
                "Processed image",
                metadata: [
                    "format": "\(image.source.format.rawValue)",
                    "size": "\(image.source.width)x\(image.source.height)",
                    "display_bytes": "\(image.display.data.count)",
                    "duration": "\(elapsed)",
                ]
            )
            return image
        case .failure(let error):
            logger.debug("Refused image", metadata: ["code": "\(error.code)", "bytes": "\(data.count)"])
            throw error
        }
    }
}
