import Foundation
import OpenMarketCore

/// The wire fixtures copied from the contract (`shared/openmarket-api`), read from the source tree.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from name: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: data(name))
    }

    /// The fixture as a parsed JSON object, for comparisons that ignore whitespace and key order.
    static func object(_ name: String) throws -> NSDictionary {
        try parsedObject(data(name))
    }
}

struct NotAJSONObject: Error {}

/// Parses JSON text into an `NSDictionary`, so two documents compare equal whatever their layout.
func parsedObject(_ data: Data) throws -> NSDictionary {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw NotAJSONObject() }
    return NSDictionary(dictionary: object)
}

func parsedObject(_ json: WireJSON) throws -> NSDictionary {
    try parsedObject(json.data)
}

extension WireJSON {
    /// The keys of an object in the order they are written; empty for any other value.
    var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.0)
    }
}

extension Date {
    /// Midnight UTC of a calendar day, independent of the machine's time zone.
    static func utcDay(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }
}
