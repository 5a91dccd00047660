/// The generation of the OpenMarket server a client talks to. The two v2 servers share their paths and their
/// answers' shapes differ only in ways the decoders read either way; requests differ in the description key
/// (`descriptions` on v2a) and in the delete flow (v2a: `…/{id}/secret` → `DELETE …/{id}/{token}`; v2b:
/// `…/{id}/archived` → `DELETE <path>`). The first generation (v1) differs in everything: its own paths, multipart
/// writes, a password per item instead of vendors, no search and no page sizes.
public enum MarketGeneration: String, Sendable, Hashable, CaseIterable {
    /// The first generation (2021): `/items/{page}`, `/item/{id}`, a password per item.
    case v1
    /// "market-training" (2022).
    case v2a
    /// "openmarket" (late 2022 on).
    case v2b

    /// The key of the description in a create's `params` and a PATCH body (v1: its multipart text part).
    public var descriptionKey: String {
        switch self {
        case .v1, .v2a: "descriptions"
        case .v2b: "description"
        }
    }

    /// Whether every product has a password of its own that the server checks (v1), rather than the vendor's
    /// secret guarding all of the vendor's products (v2). Clients send that password where v2 sends the secret.
    public var hasProductPasswords: Bool { self == .v1 }
}
