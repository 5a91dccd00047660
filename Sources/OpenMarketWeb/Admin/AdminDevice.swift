import OpenMarketWebState

/// A browser the console knows: OWASP's device cookie. After a right sign-in the browser gets a long-lived cookie
/// naming a random device, signed with the site key and bound to the admin password's hash (a new password
/// forgets every device). A sign-in that carries a genuine one is counted for that device alone
/// (`GuessThrottle.Subject.adminDevice`), not under the count every unknown browser shares: guessing from
/// elsewhere can block unknown browsers, never the owner's own. Wrong passwords from the device still slow it down
/// (three free, then a doubling wait), so a stolen cookie buys a few guesses a minute, no more.
struct AdminDevice: Sendable, Equatable {
    static let cookieName = "admin_device"
    /// Long enough that the owner's browser stays known between visits to the console.
    static let lifetime = 180 * 86_400
    private static let idBytes = 16
    private static let purpose = "admin-device"

    /// 32 hex digits, random.
    let id: String

    /// The device a cookie names, when the site signed it for the password that is set now.
    init?(cookie: String?, key: SiteKey, passwordHash: String?) {
        guard let cookie, let passwordHash, let bytes = Hex.bytes(cookie), bytes.count == Self.idBytes + SiteKey.tagBytes else { return nil }
        let id = Hex.string(bytes[..<Self.idBytes])
        guard Tokens.equal(bytes[Self.idBytes...], Self.tag(id: id, key: key, passwordHash: passwordHash)) else { return nil }
        self.id = id
    }

    private init(id: String) {
        self.id = id
    }

    /// A device new to the console, and the cookie that names it.
    static func issue(key: SiteKey, passwordHash: String) -> (device: AdminDevice, cookie: SiteCookie) {
        let id = String(Tokens.random().prefix(idBytes * 2))
        let value = id + Hex.string(tag(id: id, key: key, passwordHash: passwordHash))
        return (AdminDevice(id: id), SiteCookie(name: cookieName, value: value, maxAge: lifetime, path: AdminURL.cookiePath, sameSite: .strict))
    }

    private static func tag(id: String, key: SiteKey, passwordHash: String) -> [UInt8] {
        key.tag(purpose, Array((id + "|" + passwordHash).utf8))
    }
}
