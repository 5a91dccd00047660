import Hummingbird

/// A list of product ids a visitor's cookie keeps, newest first, without repeats: their likes (찜) and the
/// products they viewed. No account holds them; the browser does.
///
/// The cookie is not signed: it is the visitor's own and only names products, which anyone may look at, so a
/// changed cookie can only name other products. It is read strictly instead — positive ids between dots, no
/// repeats, at most the kind's capacity — and anything else in it is dropped.
struct ProductTrail: Sendable, Hashable {
    struct Kind: Sendable, Hashable {
        var cookieName: String
        var capacity: Int
        var maxAge: Int
    }

    static let likes = Kind(cookieName: "likes", capacity: WebLimits.likesKept, maxAge: 365 * 86_400)
    static let recent = Kind(cookieName: "recent", capacity: WebLimits.recentKept, maxAge: 90 * 86_400)

    /// Longer than any product id; also bounds the work a crafted cookie can cause.
    private static let maxDigits = 12

    let kind: Kind
    private(set) var ids: [Int]

    init(_ kind: Kind, ids: [Int] = []) {
        self.kind = kind
        self.ids = []
        for id in ids where id > 0 && !self.ids.contains(id) && self.ids.count < kind.capacity { self.ids.append(id) }
    }

    /// The ids of the cookie's value as the browser sent it.
    init(_ kind: Kind, cookie value: String?) {
        var ids: [Int] = []
        for part in (value ?? "").split(separator: ".", omittingEmptySubsequences: true) {
            guard ids.count < kind.capacity else { break }
            guard part.utf8.count <= Self.maxDigits, part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let id = Int(part), id > 0, !ids.contains(id)
            else { continue }
            ids.append(id)
        }
        self.init(kind, ids: ids)
    }

    var isEmpty: Bool { ids.isEmpty }
    var count: Int { ids.count }

    func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// Puts `id` first (moving it if it was there); past the capacity the oldest falls off. Says whether the
    /// list changed, so an unchanged one is not written again.
    @discardableResult
    mutating func putFirst(_ id: Int) -> Bool {
        guard id > 0, ids.first != id else { return false }
        ids.removeAll { $0 == id }
        ids.insert(id, at: 0)
        if ids.count > kind.capacity { ids.removeLast(ids.count - kind.capacity) }
        return true
    }

    @discardableResult
    mutating func remove(_ id: Int) -> Bool {
        remove(Set([id]))
    }

    /// Leaves out products that no longer exist, or a product the visitor took back.
    @discardableResult
    mutating func remove(_ gone: Set<Int>) -> Bool {
        let before = ids.count
        ids.removeAll { gone.contains($0) }
        return ids.count != before
    }

    /// `Set-Cookie` for the list as it is now; an empty list removes the cookie.
    var cookie: SiteCookie {
        VisitorMiddleware.cookie(kind.cookieName, ids.map(String.init).joined(separator: "."), maxAge: ids.isEmpty ? 0 : kind.maxAge)
    }
}
