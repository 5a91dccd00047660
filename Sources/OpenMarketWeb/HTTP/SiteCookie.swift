import HTTPTypes
import Hummingbird

/// One of our `Set-Cookie` headers, written straight into its text: name and value, then the attributes in a
/// fixed order. Never readable by scripts (`HttpOnly`), and never sent on cross-site subrequests (`SameSite`).
///
/// Hummingbird's `Cookie` keeps the attributes in a dictionary: a hash table per cookie, on every page that sets
/// one (a product page sets two for a first-time visitor), and the attributes in another order each time.
struct SiteCookie: Sendable, Equatable {
    enum SameSite: String, Sendable {
        case lax = "Lax"
        case strict = "Strict"
    }

    /// Names and values are ours (tokens, ids, codes), never a client's text: nothing to quote or escape.
    let name: String
    let value: String
    /// Seconds; nil for a cookie that lasts while the browser runs, 0 to remove it.
    let maxAge: Int?
    let path: String
    let sameSite: SameSite

    var header: String {
        var text = name
        text.reserveCapacity(name.utf8.count + value.utf8.count + 64)
        text += "="
        text += value
        text += "; Path="
        text += path
        if let maxAge {
            text += "; Max-Age="
            text += String(maxAge)
        }
        text += "; HttpOnly; SameSite="
        text += sameSite.rawValue
        return text
    }
}

extension Response {
    /// Adds the cookie as a header of its own, after any set before.
    mutating func setCookie(_ cookie: SiteCookie) {
        headers.append(HTTPField(name: .setCookie, value: cookie.header))
    }
}
