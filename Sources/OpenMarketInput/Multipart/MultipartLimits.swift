/// Limits of multipart bodies, named once: the parser enforces them before and while it reads.
public enum MultipartLimits {
    /// More parts than a product can use (1 `params` + 5 `images`, or a form's fields and photos) with room for sloppy clients.
    public static let maxParts = 16
    /// Distinct part names an API request may carry (its description's `maxProperties`): the fields and photos of a
    /// product, with room for a few extras real apps send.
    public static let maxAPINames = 12
    public static let maxPartHeaderBytes = 1024
    /// Bytes allowed before the first boundary.
    public static let maxPreambleBytes = 1024
    public static let maxBoundaryBytes = 200
}
