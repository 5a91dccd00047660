import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1

/// A v1 multipart body, as the 2021 apps wrote it: text parts and `images[]` files.
struct V1ItemBody {
    var boundary = "Boundary-\(UUID().uuidString)"
    var texts: [(String, String)] = []
    var images: [(filename: String, data: Data)] = []

    /// A complete `POST /item`: 12000 won, sold for 10000, seven in stock.
    static func newItem(password: String = "mug-pass-1", images: [Data]) -> V1ItemBody {
        V1ItemBody(
            texts: [
                ("title", "Ceramic Mug"), ("descriptions", "Glazed stoneware mug, 350 ml, dishwasher safe."), ("price", "12000"),
                ("currency", "KRW"), ("stock", "7"), ("discounted_price", "10000"), ("password", password),
            ],
            images: images.enumerated().map { ("image\($0.offset).jpeg", $0.element) })
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    func buffer() throws -> ByteBuffer {
        var parts: [MultipartPart] = []
        for (name, value) in texts {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="\#(name)""#)
            parts.append(MultipartPart(headers: headers, body: ByteBuffer(string: value)))
        }
        for image in images {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: #"form-data; name="images[]"; filename="\#(image.filename)""#)
            headers.add(name: "Content-Type", value: "image/jpeg")
            parts.append(MultipartPart(headers: headers, body: ByteBuffer(bytes: image.data)))
        }
        var buffer = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        return buffer
    }
}
