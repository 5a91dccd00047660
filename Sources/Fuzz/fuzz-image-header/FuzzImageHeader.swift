import FuzzDriver
import OpenMarketInput

// scripts/fuzz reads this line: a JPEG's size may sit behind segments (EXIF, ICC) of a few kilobytes.
// fuzz-options: -max_len=8192

@main
enum FuzzImageHeader {
    static func main() { openmarket_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv) }
}

/// The header reader must never trap, must only report sizes that can be stored and checked without overflow,
/// and must read only the header: bytes after it change nothing, and a cut-off header is refused or read the same.
/// `ImageExtent`, which walks a whole file to its end, must never trap either and must end inside the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageHeader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let header = ImageHeader.read(bytes)

    // A prefix either is not an image yet or is the same image: reading never depends on bytes past the header.
    for length in Set([size / 2, size - 1, Int(bytes.first ?? 0) % (size + 1)]) where length >= 0 && length < size {
        if let partial = ImageHeader.read(Array(bytes[0..<length])) {
            check(partial == header, "a prefix reads as a different image")
        }
    }
    // Where the first file ends: inside the bytes, and counting files agrees with reading headers.
    let count = ImageExtent.fileCount(bytes)
    check((count == nil) == (header == nil), "file count and header disagree on whether this is an image")
    check((1...ImageExtent.maxCounted).contains(count ?? 1), "file count out of range")
    guard let header else { return 0 }
    if let length = ImageExtent.length(of: bytes, kind: header.kind) {
        check(length > 0 && length <= size, "the first file ends outside the bytes")
        check(ImageExtent.length(of: Array(bytes[0..<length]), kind: header.kind) == length, "a file cut at its own end ends elsewhere")
    }

    check(header.width > 0 && header.height > 0, "non-positive size")
    let largest = switch header.kind {
    case .png: 0x7FFF_FFFF
    case .jpeg, .gif: 0xFFFF
    case .webp: 1 << 24
    }
    check(header.width <= largest && header.height <= largest, "size past what the format can encode")
    check(bytes.starts(with: signature(of: header.kind)), "kind does not match the signature")
    let product = header.width.multipliedReportingOverflow(by: header.height)
    check(!product.overflow && header.pixels == product.partialValue, "pixel count overflows")

    let fits = header.width <= ImageLimits.maxSide && header.height <= ImageLimits.maxSide && header.pixels <= ImageLimits.maxPixels
    check((ImageLimits.problem(with: header) == nil) == fits, "limits disagree with the size")

    // Trailing bytes, even ones that look like markers or another signature, do not change the reading.
    let trailers: [[UInt8]] = [[0], [0xFF, 0xD8, 0xFF, 0xC0], Array("RIFF".utf8), bytes.reversed()]
    for trailer in trailers {
        check(ImageHeader.read(bytes + trailer) == header, "bytes after the header changed the reading")
    }
    return 0
}

private func signature(of kind: ImageKind) -> [UInt8] {
    switch kind {
    case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    case .jpeg: [0xFF, 0xD8]
    case .gif: Array("GIF8".utf8)
    case .webp: Array("RIFF".utf8)
    }
}

/// `precondition` drops its message in optimised builds; a broken property must say which one it is.
private func check(_ holds: Bool, _ property: @autoclosure () -> String) {
    if !holds { fatalError(property()) }
}
