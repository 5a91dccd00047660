import Foundation

/// Random tokens and their comparison: the visitor's cookies, drafts' owners, CSRF tokens and console devices.
package enum Tokens {
    /// 32 random bytes as 64 hex digits, from the system's generator in one call (`arc4random_buf`: one
    /// `getrandom` where `SystemRandomNumberGenerator` would make four): keys of drafts and their photos, and the
    /// stand-in token of kept pages (as long as a `CSRFToken`).
    package static func random() -> String {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let filled = withUnsafeMutableBytes(of: &words) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            arc4random_buf(base, buffer.count)
            return true
        }
        if !filled {
            var generator = SystemRandomNumberGenerator()
            words = (generator.next(), generator.next(), generator.next(), generator.next())
        }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        withUnsafeBytes(of: &words) { bytes in
            for byte in bytes {
                text.append(hex[Int(byte >> 4)])
                text.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Compares without an early exit, so response time says nothing about how much of a token matched.
    package static func equal(_ lhs: String, _ rhs: String) -> Bool {
        equal(lhs.utf8, rhs.utf8)
    }

    package static func equal(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
