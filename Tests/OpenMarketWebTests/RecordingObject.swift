import OpenMarketTemplating

/// The names some template object answered during renders, to find template names no page model ever answers.
final class AnsweredNames {
    var names: Set<String> = []
}

/// Wraps a template object, and each object and list it hands out, noting every name it answers.
struct RecordingObject: TemplateObject {
    let base: any TemplateObject
    let answered: AnsweredNames

    func value(forKey key: String) -> TemplateValue? {
        guard let value = base.value(forKey: key) else { return nil }
        answered.names.insert(key)
        switch value {
        case .object(let object): return .object(RecordingObject(base: object, answered: answered))
        case .list(let list): return .list(RecordingList(base: list, answered: answered))
        case .text, .int, .bool, .texts: return value
        }
    }
}

/// A list whose elements record what they answer.
struct RecordingList: TemplateList {
    let base: any TemplateList
    let answered: AnsweredNames

    var count: Int { base.count }

    func element(at index: Int) -> any TemplateObject {
        RecordingObject(base: base.element(at: index), answered: answered)
    }
}
