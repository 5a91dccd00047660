import Foundation

/// Converts between the API's decimal prices and the integer minor units we store.
public enum MinorUnits {
    /// `nil` when the amount has more decimals than the currency has (a fraction of a won, a tenth of a cent).
    public static func from(_ amount: Decimal, currency: Currency) -> Int64? {
        var scaled = amount * pow(Decimal(10), currency.fractionDigits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded == scaled, abs(rounded) <= Decimal(Int64.max / 1000) else { return nil }
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// Built from sign, exponent and digits: exact, and much cheaper than a Decimal division.
    public static func decimal(_ minor: Int64, currency: Currency) -> Decimal {
        Decimal(sign: minor < 0 ? .minus : .plus, exponent: -currency.fractionDigits, significand: Decimal(minor.magnitude))
    }
}
