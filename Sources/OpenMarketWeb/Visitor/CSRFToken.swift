import Foundation
import OpenMarketWebState

/// The token every form sends back and the `csrf` cookie holds (double submit), signed by the site.
///
/// A token is 16 random bytes and the site's MAC of them (`SiteKey`), 64 hex digits in all. A cookie that is not
/// such a token — a value someone planted in the browser, through a sibling domain or an `http` page — is not
/// taken: the visitor gets a fresh token instead, so forms keep working and the planted value is worth nothing.
/// A token the site did sign, planted from the attacker's own visit, is still a valid storefront token; the
/// console therefore does not use the cookie's token at all once signed in (`console(session:)`), and the cookie
/// is replaced at every sign-in and sign-out.
enum CSRFToken {
    private static let randomBytes = 16
    private static let purpose = "csrf"

    static func make(_ key: SiteKey) -> String {
        var bytes = [UInt8](repeating: 0, count: randomBytes)
        // One call to the system's generator, on every first visit (see `Tokens.random`).
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { arc4random_buf(base, buffer.count) }
        }
        return Hex.string(bytes + key.tag(purpose, bytes))
    }

    /// Whether `token` is one this site made.
    static func isGenuine(_ token: String, _ key: SiteKey) -> Bool {
        guard let bytes = Hex.bytes(token), bytes.count == randomBytes + SiteKey.tagBytes else { return false }
        let expected = key.tag(purpose, bytes[..<randomBytes])
        return Tokens.equal(bytes[randomBytes...], expected)
    }

    /// The token of the console's forms while signed in: made from the session's own token, which only the signed-in
    /// browser has (an HttpOnly cookie limited to `/admin`), so no cookie planted by anyone else can stand in for it.
    static func console(session: String, _ key: SiteKey) -> String {
        Hex.string(key.mac("console-csrf", Array(session.utf8)))
    }
}

/// Lower-case hex text of bytes, and back.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `nil` unless `text` is an even number of hex digits (either case).
    static func bytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
