import Foundation
import OpenMarketCore

/// A JSON object read field by field, so one wrongly typed field becomes a message naming it
/// instead of a decoding error about the whole body. Unknown keys are ignored, as real clients send extras.
struct LenientJSONObject {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Captured: Decodable {
        let container: KeyedDecodingContainer<Key>
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Key.self)
        }
    }

    private let container: KeyedDecodingContainer<Key>
    private(set) var violations: [OpenMarketError.Violation] = []

    init(data: Data, what: String) throws(OpenMarketError) {
        do {
            container = try JSONDecoder().decode(Captured.self, from: data).container
        } catch {
            throw .malformed("\(what) is not a JSON object.")
        }
    }

    func has(_ key: String) -> Bool {
        container.contains(Key(stringValue: key)) && !((try? container.decodeNil(forKey: Key(stringValue: key))) ?? true)
    }

    mutating func string(_ key: String, field: OpenMarketError.Field?) -> String? {
        guard has(key) else { return nil }
        if let value = try? container.decode(String.self, forKey: Key(stringValue: key)) { return value }
        violations.append(.init(field: field, message: "`\(key)` must be a string."))
        return nil
    }

    mutating func decimal(_ key: String, field: OpenMarketError.Field?) -> Decimal? {
        guard has(key) else { return nil }
        if let value = try? container.decode(Decimal.self, forKey: Key(stringValue: key)), value.isFinite { return value }
        violations.append(.init(field: field, message: "`\(key)` must be a number."))
        return nil
    }

    /// Accepts `7` and `7.0`, since clients that keep everything in Double send the latter.
    mutating func integer(_ key: String, field: OpenMarketError.Field?) -> Int? {
        guard has(key) else { return nil }
        let codingKey = Key(stringValue: key)
        if let value = try? container.decode(Int.self, forKey: codingKey) { return value }
        if let value = try? container.decode(Decimal.self, forKey: codingKey), value == value.rounded, abs(value) < 1_000_000_000_000 {
            return NSDecimalNumber(decimal: value).intValue
        }
        violations.append(.init(field: field, message: "`\(key)` must be a whole number."))
        return nil
    }

    mutating func currency(_ key: String) -> Currency? {
        guard let raw = string(key, field: .currency) else { return nil }
        if let currency = Currency(rawValue: raw.uppercased()) { return currency }
        violations.append(.init(field: .currency, message: "`currency` must be KRW or USD."))
        return nil
    }

    /// A secret or password: one that can be no one's (empty, holding a NUL, longer than bcrypt reads) is a
    /// malformed field, refused before any check, so it is never counted as a guess.
    mutating func secret(_ key: String) -> String? {
        guard let value = string(key, field: .secret) else { return nil }
        if let problem = Self.secretProblem(value) { violations.append(.init(field: .secret, message: "`\(key)` \(problem)")) }
        return value
    }

    static func secretProblem(_ value: String) -> String? {
        if value.isEmpty { return "must not be empty." }
        if value.utf8.contains(0) { return "must not contain a NUL character." }
        if value.utf8.count > MarketLimits.maxSecretBytes { return "must be at most \(MarketLimits.maxSecretBytes) bytes." }
        return nil
    }

    mutating func require<T>(_ value: T?, _ key: String, field: OpenMarketError.Field) -> T? {
        if value == nil && !has(key) {
            violations.append(.init(field: field, message: "`\(key)` is required."))
        }
        return value
    }
}

extension Decimal {
    var rounded: Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}
