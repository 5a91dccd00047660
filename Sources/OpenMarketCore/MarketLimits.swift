/// The OpenMarket API's rules as named constants, so the market, the REST layer and the forms share one source.
public enum MarketLimits {
    public static let nameLength = 3...100
    public static let descriptionLength = 10...1000
    public static let imageCount = 1...5
    /// Clients downscale to 300 × 1024 bytes; the market refuses anything larger.
    public static let maxImageBytes = 300 * 1024
    /// Generous head room over five full-size images plus the `params` part and framing.
    public static let maxRequestBodyBytes = 2 * 1024 * 1024
    /// bcrypt reads at most 72 bytes; longer secrets would be silently truncated.
    public static let maxSecretBytes = 72
    /// A price must be positive and below this, in the currency's major unit.
    public static let maxPrice = 1_000_000_000
    public static let maxStock = 1_000_000_000
    public static let itemsPerPage = 1...1000
}
