/// How a seller is named where no nickname was kept for the product (listed through the API, or before nicknames).
enum SellerDisplay {
    /// The vendors this front end makes itself carry system names (`demo_vendor`, `neighbor_vendor`, perhaps with a
    /// suffix when taken): people see a name like one a person would choose. Only the display changes; the API's
    /// vendor identities stay as they are.
    static func name(ofVendor vendor: String) -> String {
        // `vendor_<identifier>` is what the front end names a configured vendor the market had no name for.
        if vendor.hasPrefix("demo_vendor") || vendor.hasPrefix("vendor_") { return "새봄마켓" }
        if vendor.hasPrefix("neighbor_vendor") { return "옆집토끼" }
        return vendor
    }
}
