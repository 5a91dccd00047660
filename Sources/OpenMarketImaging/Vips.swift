import CVips
import CVipsShim
import Foundation
import Logging

/// libvips, started once per process on first use.
///
/// libvips keeps process-wide state (its type system, thread pool settings and blocked loaders), so it is set
/// up exactly once; every entry point of this module checks `isStarted` first.
enum Vips {
    /// Whether libvips started; the initialiser runs once, thread-safely, the first time this is read.
    static let isStarted: Bool = om_vips_start("openmarket", { level, domain, message in
        Vips.forward(level: level, domain: domain, message: message)
    }) == 0

    /// Logs and clears libvips' error messages after a failed call. The buffer is shared by all threads, so
    /// a message may belong to another image: it goes to the debug log only, never into an `ImageError`.
    static func logFailure(of step: String) {
        guard let copy = vips_error_buffer_copy() else { return }
        defer { g_free(copy) }
        let message = String(cString: copy).trimmingCharacters(in: .whitespacesAndNewlines)
        Logger(label: "OpenMarketImaging.libvips").debug("\(step) failed: \(message)")
    }

    /// libvips warns about damaged uploads (a truncated JPEG, a bad ICC profile): user data, not server faults.
    private static func forward(level: Int32, domain: UnsafePointer<CChar>?, message: UnsafePointer<CChar>?) {
        let logger = Logger(label: "OpenMarketImaging.libvips")
        let text = message.map { String(cString: $0) } ?? ""
        let source = domain.map { String(cString: $0) } ?? ""
        logger.log(level: level != 0 ? .notice : .debug, "\(text)", metadata: ["domain": "\(source)"])
    }
}

extension ImageProcessor {
    /// Whether libvips may run loops it compiled at run time (liborc): never, once libvips has started.
    public static var runsCompiledLoops: Bool {
        guard Vips.isStarted else { return false }
        return om_vips_vector_enabled() != 0
    }
}
