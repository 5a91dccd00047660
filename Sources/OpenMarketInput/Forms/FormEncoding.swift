/// `application/x-www-form-urlencoded` as browsers write it: `name=value` pairs joined by `&`, `+` for a space, then
/// `%XX` escapes of UTF-8 bytes. Used for posted forms and for query strings alike.
///
/// Our own rather than Hummingbird's `URLEncodedFormDecoder`: forms here need every pair in order (to refuse a
/// field sent twice, and to keep repeated checkboxes), not a `Decodable` value.
public enum FormEncoding {
    /// Every pair in order; `nil` when an escape is malformed or decodes to bytes that are not UTF-8.
    public static func pairs(_ text: Substring) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    /// One name or value: `+` is a space, `%XX` a byte; `nil` for a broken escape or bytes that are not UTF-8.
    public static func decode(_ component: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = component.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
