/// The currencies the OpenMarket API accepts.
public enum Currency: String, Sendable, Hashable, Codable, CaseIterable {
    case krw = "KRW"
    case usd = "USD"

    /// Digits after the decimal point in the currency's smallest unit (won have none, dollars have cents).
    public var fractionDigits: Int {
        switch self {
        case .krw: 0
        case .usd: 2
        }
    }
}
