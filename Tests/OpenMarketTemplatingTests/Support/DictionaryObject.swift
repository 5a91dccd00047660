import OpenMarketTemplating

/// Test data that both engines read: swift-mustache takes the dictionary itself, ours reads it through
/// this adapter. Dictionaries are for tests only; page models conform by hand.
struct DictionaryObject: TemplateObject {
    let fields: [String: Any]

    func value(forKey key: String) -> TemplateValue? {
        switch fields[key] {
        case let text as String: .text(text)
        case let flag as Bool: .bool(flag)
        case let number as Int: .int(number)
        case let object as [String: Any]: .object(DictionaryObject(fields: object))
        case let texts as [String]: .texts(texts)
        case let list as [[String: Any]]: .list(list.map(DictionaryObject.init))
        default: nil
        }
    }
}
