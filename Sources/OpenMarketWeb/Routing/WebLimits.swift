import OpenMarketCore

/// Limits of the HTTP layer, named once and enforced in one place each.
public enum WebLimits {
    /// Five 300 KB photos plus the form fields and multipart framing fit well within this.
    public static let maxRequestBodyBytes = MarketLimits.maxRequestBodyBytes
    /// One photo in the upload form: an ordinary phone photo, shrunk to the market's 300 KB on the server.
    public static let maxPhotoBytes = 20 * 1024 * 1024
    /// The upload form: five such photos, the fields and the framing. Spooled to disk, never held in memory.
    public static let maxUploadFormBytes = MarketLimits.imageCount.upperBound * maxPhotoBytes + 1024 * 1024
    /// PATCH and archived bodies are small JSON documents.
    public static let maxJSONBodyBytes = 64 * 1024
    /// Page numbers in URLs are clamped to this, so arithmetic on them cannot overflow.
    public static let maxPage = 100_000
    /// A product password: at least 4 characters; at most what bcrypt reads (72 bytes).
    public static let productPasswordLength = 4...MarketLimits.maxSecretBytes
    /// Products one bulk action may name: each is a separate write and history entry.
    public static let maxBulkProducts = 500
    /// Longer search text is cut here: nobody types more, and it bounds the work of one search.
    public static let maxSearchCharacters = 100
    /// Likes (찜) a visitor's cookie keeps; past it the oldest like is dropped.
    public static let likesKept = 100
    /// Products a visitor's recently-viewed cookie keeps, the most recent first.
    public static let recentKept = 20
    /// Products a page of likes, of recently viewed or of a seller shows; a page of likes is read in one go.
    public static let visitorListPageSize = 20
    /// Recently viewed products on the home page's strip (the rest are on `/recent`).
    public static let recentStripSize = 8
    /// A slow sender may not hold a request open longer than this while its body arrives.
    public static let bodyDeadline: Duration = .seconds(30)
    /// Connections with nothing happening (no request, or a request stalled mid-headers) are closed after this.
    public static let idleTimeout: Duration = .seconds(30)
}
