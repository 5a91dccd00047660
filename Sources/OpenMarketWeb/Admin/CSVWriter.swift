import Foundation
import NIOCore
import OpenMarketCore

/// CSV for spreadsheet apps: UTF-8 with a byte order mark (so Excel reads Korean), RFC 4180 quoting, CRLF lines.
enum CSVWriter {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let batchSize = 500
    static let header = ["id", "name", "vendor", "currency", "price", "discounted_price", "sale_price", "stock", "created_at", "description"]

    static func fields(_ product: ProductSummary) -> [String] {
        [
            String(product.id), product.name, product.vendorName, product.currency.rawValue, DecimalText.plain(product.price),
            DecimalText.plain(product.discountedPrice), DecimalText.plain(product.bargainPrice), String(product.stock),
            day(product.createdAt), product.description,
        ]
    }

    /// `yyyy-MM-dd`, the day the market keeps.
    private static func day(_ date: Date) -> String {
        CivilDay(date)?.iso ?? String(WireDate.string(from: date).prefix(10))
    }

    static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    /// The same bytes as `line(fields(product))`, written straight into the response's buffer: the export writes a
    /// million of these, so no line, field array or quoted copy is made for a field that needs no quotes.
    static func write(_ product: ProductSummary, into buffer: inout ByteBuffer) {
        write(String(product.id), into: &buffer)
        for field in [product.name, product.vendorName, product.currency.rawValue] {
            buffer.writeInteger(UInt8(ascii: ","))
            write(field, into: &buffer)
        }
        for amount in [product.price, product.discountedPrice, product.bargainPrice] {
            buffer.writeInteger(UInt8(ascii: ","))
            write(DecimalText.plain(amount), into: &buffer)
        }
        buffer.writeInteger(UInt8(ascii: ","))
        write(String(product.stock), into: &buffer)
        buffer.writeInteger(UInt8(ascii: ","))
        write(day(product.createdAt), into: &buffer)
        buffer.writeInteger(UInt8(ascii: ","))
        write(product.description, into: &buffer)
        buffer.writeStaticString("\r\n")
    }

    /// Quotes when needed, and defuses text a spreadsheet would run as a formula: `=`, `+`, `-` or `@` first, also
    /// after leading spaces or tabs (Excel skips them), and a leading tab or carriage return (OWASP's list).
    static func quote(_ field: String) -> String {
        var value = field
        if startsLikeFormula(value.utf8) && Double(value.trimmingCharacters(in: .whitespaces)) == nil {
            value = "'" + value
        }
        guard value.utf8.contains(where: needsQuotes) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One field as `quote` writes it, by bytes: a field that might be a formula (rare) goes through `quote`.
    static func write(_ field: String, into buffer: inout ByteBuffer) {
        let utf8 = field.utf8
        if startsLikeFormula(utf8) {
            buffer.writeString(quote(field))
            return
        }
        guard utf8.contains(where: needsQuotes) else {
            buffer.writeString(field)
            return
        }
        buffer.writeInteger(UInt8(ascii: "\""))
        var start = utf8.startIndex
        while let mark = utf8[start...].firstIndex(of: UInt8(ascii: "\"")) {
            buffer.writeSubstring(Substring(utf8[start...mark]))
            buffer.writeInteger(UInt8(ascii: "\""))
            start = utf8.index(after: mark)
        }
        buffer.writeSubstring(Substring(utf8[start...]))
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    /// Byte by byte, so that a CRLF (one `Character` in Swift, equal to neither `"\r"` nor `"\n"`) is quoted too.
    private static func needsQuotes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// `=`, `+`, `-` or `@` after any spaces and tabs, or a tab or carriage return first.
    private static func startsLikeFormula(_ utf8: String.UTF8View) -> Bool {
        guard let first = utf8.first else { return false }
        if first == UInt8(ascii: "\t") || first == UInt8(ascii: "\r") { return true }
        guard let visible = utf8.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return false }
        return visible == UInt8(ascii: "=") || visible == UInt8(ascii: "+") || visible == UInt8(ascii: "-") || visible == UInt8(ascii: "@")
    }
}
