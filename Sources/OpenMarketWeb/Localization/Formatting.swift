import Foundation
import OpenMarketCore

/// Numbers, money and dates as each language writes them: `12,000원` / `₩12,000`, `$12.00`, `2026년 11월 21일` / `Nov 21, 2026`.
struct Formatting: Sendable {
    let language: Language

    func number(_ value: Int) -> String {
        decimal(Decimal(value), fractionDigits: 0)
    }

    func price(_ amount: Decimal, currency: Currency) -> String {
        let digits = decimal(amount, fractionDigits: currency.fractionDigits)
        switch (currency, language) {
        case (.krw, .korean): return digits + "원"
        case (.krw, .english): return "₩" + digits
        case (.usd, _): return "$" + digits
        }
    }

    /// The discount as a whole percentage of the price, rounded down so it never overstates the saving.
    func discountRate(price: Decimal, discount: Decimal) -> String? {
        guard price > 0, discount > 0 else { return nil }
        var ratio = discount / price * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &ratio, 0, .down)
        return "\(max(rounded, 1))%"
    }

    func date(_ date: Date) -> String {
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: language == .korean ? "ko_KR" : "en_US"),
                                     calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC") ?? .current)
        return date.formatted(style)
    }

    /// Only the ISO day, for `<time datetime>`.
    func isoDay(_ date: Date) -> String {
        String(WireDate.string(from: date).prefix(10))
    }

    /// Groups thousands with commas and shows exactly `fractionDigits` decimals. Written out rather than with
    /// NumberFormatter, which costs more to create than a whole product card costs to render.
    private func decimal(_ value: Decimal, fractionDigits: Int) -> String {
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, fractionDigits, .plain)
        let negative = rounded < 0
        let text = (negative ? -rounded : rounded).description
        let parts = text.split(separator: ".", maxSplits: 1)
        let integer = String(parts.first ?? "0")
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        fraction += String(repeating: "0", count: max(0, fractionDigits - fraction.count))
        var grouped = ""
        for (index, digit) in integer.enumerated() {
            if index > 0 && (integer.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (negative ? "-" : "") + grouped + (fractionDigits > 0 ? "." + fraction.prefix(fractionDigits) : "")
    }
}
