import Foundation
import OpenMarketCore

/// CSV for spreadsheet apps: UTF-8 with a byte order mark (so Excel reads Korean), RFC 4180 quoting, CRLF lines.
enum CSVWriter {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let batchSize = 500
    static let header = ["id", "name", "vendor", "currency", "price", "discounted_price", "sale_price", "stock", "created_at", "description"]

    static func fields(_ product: ProductSummary) -> [String] {
        [
            String(product.id), product.name, product.vendorName, product.currency.rawValue, "\(product.price)",
            "\(product.discountedPrice)", "\(product.bargainPrice)", String(product.stock), WireDate.string(from: product.createdAt).prefix(10).description,
            product.description,
        ]
    }

    static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    /// Quotes when needed, and defuses text a spreadsheet would run as a formula: `=`, `+`, `-` or `@` first, also
    /// after leading spaces or tabs (Excel skips them), and a leading tab or carriage return (OWASP's list).
    static func quote(_ field: String) -> String {
        var value = field
        let scalars = value.unicodeScalars
        let firstVisible = scalars.first { $0 != " " && $0 != "\t" }
        let startsLikeFormula = firstVisible.map { "=+-@".unicodeScalars.contains($0) } ?? false
        let startsWithControl = scalars.first.map { $0 == "\t" || $0 == "\r" } ?? false
        if (startsLikeFormula || startsWithControl) && Double(value.trimmingCharacters(in: .whitespaces)) == nil {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
