/// A `Host` header read strictly as `host [":" port]` (RFC 9110 §7.2), lower-cased.
///
/// Anything else — userinfo (`127.0.0.1:80@evil.example`), paths, spaces, a second colon outside brackets,
/// a port that is not 1–5 digits — is not a host, so nothing built from it can point somewhere unexpected.
struct HostHeader: Sendable, Hashable {
    /// The host name or address, lower-cased; IPv6 literals keep their brackets.
    let name: String
    let port: Int?

    init?(_ header: String?) {
        guard let header, !header.isEmpty, header.utf8.count <= 255 else { return nil }
        // Lower-cased only when something could change: `lowercased()` costs an allocation on every page.
        let text = header.utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 } ? header.lowercased() : header
        var host = Substring(text)
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[...close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = text.firstIndex(of: ":") {
                let rest = text[text.index(after: colon)...]
                guard !rest.contains(":") else { return nil }
                host = text[..<colon]
                portText = rest
            }
            guard !host.isEmpty, host.utf8.allSatisfy(Self.isNameByte), host.first != ".", host.first != "-" else { return nil }
        }
        if let portText {
            guard (1...5).contains(portText.count), portText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let port = Int(portText), (1...65535).contains(port) else {
                return nil
            }
            self.port = port
        } else {
            self.port = nil
        }
        self.name = String(host)
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
