/// The bytes of one render. `Array.append(contentsOf:)` costs more than the copy itself for the short pieces
/// a page is made of, so this grows its own allocation and copies with `memcpy`.
///
/// It can start in memory the caller lends (a response body's buffer), so that a page that fits is written where
/// it goes; one that outgrows it moves into an allocation of its own.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// Whether `base` is the caller's memory, which this never frees.
    private(set) var isBorrowed = false

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Writes into `destination` while the output fits there.
    init(borrowing destination: UnsafeMutableRawBufferPointer) {
        if let start = destination.baseAddress, destination.count >= 16 {
            capacity = destination.count
            base = start.bindMemory(to: UInt8.self, capacity: destination.count)
            isBorrowed = true
        } else {
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    }

    deinit {
        if !isBorrowed {
            base.deallocate()
        }
    }

    subscript(index: Int) -> UInt8 {
        base[index]
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Inserts before the bytes from `index` on; only partial indentation needs this.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // copyMemory is memmove: the regions overlap.
        UnsafeMutableRawPointer(base + index + bytes.count).copyMemory(from: base + index, byteCount: count - index)
        (base + index).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func makeArray() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    func makeString() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if isBorrowed {
            isBorrowed = false
        } else {
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
