#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file mapped read-only into memory: its pages are read from disk as they are touched and can be dropped
/// by the kernel again, so parsing a 100 MB upload does not hold 100 MB of the heap.
final class MappedFile {
    private let base: UnsafeMutableRawPointer?
    let count: Int

    init?(_ file: URL) {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let size = lseek(descriptor, 0, SEEK_END)
        guard size >= 0 else { return nil }
        count = Int(size)
        if count == 0 {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// Gives back the pages of `range` (whole pages inside it): they stay in the page cache and are read again
    /// if touched, but no longer count towards the process's resident memory. An upload's photos are read one
    /// after another, so only the one being decoded needs to stay.
    func release(_ range: Range<Int>) {
        guard let base else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound == count ? count : range.upperBound / page * page
        guard start < end else { return }
        madvise(base + start, end - start, Int32(MADV_DONTNEED))
    }

    /// The bytes, valid only inside `body`.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let typed = base?.assumingMemoryBound(to: UInt8.self)
        return try body(UnsafeBufferPointer(start: typed, count: count))
    }
}
