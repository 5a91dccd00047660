/// The generation of the OpenMarket server a client talks to. The two v2 servers share their paths and their
/// answers' shapes differ only in ways the decoders read either way; requests differ in the description key
/// (`descriptions` on v2a) and in the delete flow (v2a: `…/{id}/secret` → `DELETE …/{id}/{token}`; v2b:
/// `…/{id}/archived` → `DELETE <path>`).
public enum MarketGeneration: String, Sendable, Hashable, CaseIterable {
    /// "market-training" (2022).
    case v2a
    /// "openmarket" (late 2022 on).
    case v2b

    /// The key of the description in a create's `params` and a PATCH body.
    public var descriptionKey: String {
        switch self {
        case .v2a: "descriptions"
        case .v2b: "description"
        }
    }
}
