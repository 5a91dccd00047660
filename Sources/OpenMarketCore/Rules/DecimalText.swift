import Foundation

/// An amount as plain digits (`35000`, `12.5`, `-0.05`): the text of `Decimal.description`, made by integer work for
/// every amount a market holds. Foundation's own takes about 4 µs an amount, which was most of a CSV export's time.
public enum DecimalText {
    public static func plain(_ amount: Decimal) -> String {
        let exponent = amount.exponent
        let significand = amount.significand
        // Exact below 2^53; the comparison below proves it for each amount, so the fast path never guesses.
        let approximate = Double(truncating: significand as NSNumber)
        guard amount.isFinite, (-30...15).contains(exponent), approximate >= 0, approximate < 1e15,
              let digits = UInt64(exactly: approximate), Decimal(digits) == significand
        else { return amount.description }
        if digits == 0 { return "0" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(48)
        if amount.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        let written = String(digits).utf8
        if exponent >= 0 {
            bytes.append(contentsOf: written)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: exponent))
        } else if written.count > -exponent {
            let whole = written.count + exponent
            bytes.append(contentsOf: written.prefix(whole))
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: written.dropFirst(whole))
        } else {
            bytes.append(contentsOf: "0.".utf8)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -exponent - written.count))
            bytes.append(contentsOf: written)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
