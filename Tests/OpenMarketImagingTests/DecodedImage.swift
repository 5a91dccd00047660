import CVips
import CVipsShim
import Foundation
@testable import OpenMarketImaging

/// An output image read back through libvips, independently of the code under test: its loader, size,
/// metadata fields and a few pixels.
struct DecodedImage {
    var loader: String
    var width: Int
    var height: Int
    var bands: Int
    var fields: [String]
    private var pixels: [Point: [Double]]

    struct Point: Hashable {
        var x: Int
        var y: Int
    }

    struct Undecodable: Error {}

    /// Decodes `data` and samples the pixels at `points`.
    init(_ data: Data, sampling points: [Point] = []) throws {
        guard Vips.isStarted else { throw Undecodable() }
        let decoded: DecodedImage? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let loader = om_find_loader(base, bytes.count),
                let image = om_open_header(base, bytes.count)
            else { return nil }
            defer { g_object_unref(image) }
            guard let memory = vips_image_copy_memory(image) else { return nil }
            defer { g_object_unref(memory) }
            var pixels: [Point: [Double]] = [:]
            for point in points {
                var values = [Double](repeating: 0, count: 8)
                let count = om_getpoint(memory, Int32(point.x), Int32(point.y), &values, Int32(values.count))
                guard count > 0 else { return nil }
                pixels[point] = Array(values.prefix(Int(count)))
            }
            return DecodedImage(
                loader: String(cString: loader),
                width: Int(vips_image_get_width(memory)),
                height: Int(vips_image_get_height(memory)),
                bands: Int(vips_image_get_bands(memory)),
                fields: Self.fieldNames(of: memory),
                pixels: pixels
            )
        }
        guard let decoded else { throw Undecodable() }
        self = decoded
    }

    private init(loader: String, width: Int, height: Int, bands: Int, fields: [String], pixels: [Point: [Double]]) {
        self.loader = loader
        self.width = width
        self.height = height
        self.bands = bands
        self.fields = fields
        self.pixels = pixels
    }

    /// The sampled pixel's bands, or an empty array for a point that was not sampled.
    func pixel(_ x: Int, _ y: Int) -> [Double] {
        pixels[Point(x: x, y: y)] ?? []
    }

    /// Fields that carry metadata from the upload rather than describe the decoded pixels.
    var metadataFields: [String] {
        let prefixes = ["exif", "xmp", "iptc", "icc", "orientation", "jpeg-comment", "png-comment", "gif-comment", "heif-"]
        return fields.filter { field in prefixes.contains { field.hasPrefix($0) } }
    }

    private static func fieldNames(of image: UnsafeMutablePointer<VipsImage>) -> [String] {
        guard let names = vips_image_get_fields(image) else { return [] }
        defer { g_strfreev(names) }
        var result: [String] = []
        var index = 0
        while let name = names[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }
}

extension DecodedImage.Point {
    init(_ x: Int, _ y: Int) {
        self.init(x: x, y: y)
    }
}

/// Whether `needle` occurs anywhere in `data`.
func contains(_ data: Data, _ needle: String) -> Bool {
    data.range(of: Data(needle.utf8)) != nil
}

/// Whether each band is within `tolerance` of `expected` (JPEG and WebP are lossy).
func isClose(_ actual: [Double], to expected: [Double], tolerance: Double = 12) -> Bool {
    actual.count >= expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}
