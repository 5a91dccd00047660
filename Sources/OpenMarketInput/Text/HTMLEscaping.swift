/// HTML escaping per Unicode scalar, for text put into element content and quoted attributes.
///
/// Per scalar, not per `Character`: a `"` followed by a combining mark (U+0301) is one grapheme cluster, and an
/// escaper that looks up whole characters lets it through, closing the attribute. The five characters escaped are
/// ASCII, which never occurs inside a multi-byte UTF-8 sequence, so the work is a pass over the bytes.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return String(decoding: bytes, as: UTF8.self) }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
                default: output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
