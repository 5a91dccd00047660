import OpenMarketCore

/// Which second-generation wire format a listener speaks: v2b ("openmarket", the main port's `/api`) or v2a
/// ("market-training", on `--v2a-port`). The two share their paths, so an app reaches its own by the port.
enum APIGeneration: Sendable {
    case v2a
    case v2b

    /// The OpenAPI description of this generation's API.
    var description: Asset {
        switch self {
        case .v2a: .apiDescriptionV2A
        case .v2b: .apiDescriptionV2B
        }
    }

    func json(_ page: ProductPage) -> WireJSON {
        switch self {
        case .v2a: V2AWire.page(page)
        case .v2b: page.wireJSON
        }
    }

    func json(_ detail: ProductDetail) -> WireJSON {
        switch self {
        case .v2a: V2AWire.detail(detail)
        case .v2b: detail.wireJSON
        }
    }
}
