/// Query strings for links, encoded the way `FormQuery` reads them back.
///
/// Byte for byte what `URLComponents.percentEncodedQuery` writes for the same items, with `+` as `%2B` (it would
/// read back as a space), but without building a `URLComponents`: a list page writes a dozen links.
enum QueryString {
    static func encode(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        var bytes: [UInt8] = [UInt8(ascii: "?")]
        bytes.reserveCapacity(64)
        for (index, (name, value)) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            append(name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            append(value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What `URLComponents` leaves as it is in a query item: letters, digits and `-._~!$'()*,/:;?@`.
    private static let unescaped: [Bool] = (0..<128).map { byte in
        let character = Character(Unicode.Scalar(UInt8(byte)))
        return character.isASCII && (character.isLetter || character.isNumber || "-._~!$'()*,/:;?@".contains(character))
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if byte < 128, unescaped[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
    }
}
