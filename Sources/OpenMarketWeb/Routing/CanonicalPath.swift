/// Whether a request path is spelled the one way our own links spell it.
///
/// A router that treats `//admin/products`, `/./admin` or `/admin;x` like `/admin/products` is one spelling away
/// from a policy mistake, so such paths never reach routing: they get a 404. Not a redirect, because no
/// canonical form of `/a/../b` or `/%2Fadmin` is obvious, and a redirect built from `//evil.example` would be
/// an open redirect. Allowed: `/`, and segments of RFC 3986 path characters without `%` and `;` — no link of
/// ours needs either, so any percent-encoded or parameterised segment is someone else's spelling.
///
/// One exception is routed: a canonical path with one trailing slash (`/api/products/`), which the real OpenMarket
/// servers accepted (Vapor dropped empty segments, Spring MVC matched it). It is routed without the slash, and the
/// route's group decides what it answers (`TrailingSlashRedirect`).
enum CanonicalPath {
    /// How a request's path is spelled, as far as routing is concerned.
    enum Spelling: Equatable {
        case canonical
        /// A canonical path other than `/` followed by exactly one `/`.
        case trailingSlash
        case other
    }

    static func spelling(of path: String) -> Spelling {
        if isCanonical(path) { return .canonical }
        // `//` is not `/` with a slash added: the path without it must have a segment, so a redirect built from it
        // can never start with `//` (a protocol-relative URL to another host).
        guard path.utf8.count > 2, path.utf8.last == UInt8(ascii: "/"), isCanonical(String(decoding: path.utf8.dropLast(), as: UTF8.self))
        else { return .other }
        return .trailingSlash
    }

    static func isCanonical(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        var segmentLength = 0
        var dots = 0
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                guard segmentLength > 0, !(segmentLength == dots && dots <= 2) else { return false }
                segmentLength = 0
                dots = 0
                continue
            }
            guard allowed(byte) else { return false }
            segmentLength += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        // The last segment: not empty (no trailing slash), not `.` or `..`.
        return segmentLength > 0 && !(segmentLength == dots && dots <= 2)
    }

    private static func allowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }
}
