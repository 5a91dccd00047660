/// A `Host` header read strictly as `host [":" port]` (RFC 9110 §7.2), lower-cased.
///
/// Anything else — userinfo (`127.0.0.1:80@evil.example`), paths, spaces, a second colon outside brackets,
/// a port that is not 1–5 digits — is not a host, so nothing built from it can point somewhere unexpected.
struct HostHeader: Sendable, Hashable {
    /// The host name or address, lower-cased; IPv6 literals keep their brackets.
    let name: String
    let port: Int?

    /// Read byte by byte (every byte that counts is ASCII), since a product page reads its `Host` for its links.
    init?(_ header: String?) {
        guard let header, !header.isEmpty, header.utf8.count <= 255 else { return nil }
        // Lower-cased only when something could change: `lowercased()` costs an allocation on every page.
        let text = header.utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 } ? header.lowercased() : header
        let bytes = text.utf8
        var hostEnd = bytes.endIndex
        var portStart: String.Index?
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            hostEnd = bytes.index(after: close)
            if hostEnd != bytes.endIndex {
                guard bytes[hostEnd] == UInt8(ascii: ":") else { return nil }
                portStart = bytes.index(after: hostEnd)
            }
            let inside = text[bytes.index(after: bytes.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
                let afterColon = bytes.index(after: colon)
                guard !bytes[afterColon...].contains(UInt8(ascii: ":")) else { return nil }
                hostEnd = colon
                portStart = afterColon
            }
            let host = bytes[..<hostEnd]
            guard let first = host.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"), host.allSatisfy(Self.isNameByte) else {
                return nil
            }
        }
        if let portStart {
            let digits = bytes[portStart...]
            guard (1...5).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                return nil
            }
            let port = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            self.port = nil
        }
        self.name = String(text[..<hostEnd])
    }

    /// `name[:port]` as it may be put into a URL.
    var authority: String { port.map { "\(name):\($0)" } ?? name }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
        }
    }
}
