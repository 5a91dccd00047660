/// A number in a path, as our links write it: digits only, no sign, no leading zero, at least 1. Anything else —
/// `01`, `+1`, `1.0` — names nothing (404), so each product has one address, as each page has one path
/// (`CanonicalPath`).
enum PathNumber {
    /// Eighteen digits always fit an `Int`; no id comes near.
    private static let maxDigits = 18

    static func positive(_ text: String?) -> Int? {
        guard let text, let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.count <= maxDigits,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }
}
