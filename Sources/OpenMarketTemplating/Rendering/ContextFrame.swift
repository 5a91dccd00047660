/// One entry of the context stack, or an object cached for a dotted name.
///
/// A class with `let`s, so that lookups call the object in place: binding the payload of a `TemplateValue`
/// copies the existential through value witnesses, and the stack is walked for nearly every tag.
final class ContextFrame {
    /// What `{{.}}` prints.
    let value: TemplateValue
    /// What names are looked up on; nil for texts and numbers, which have no names.
    let object: (any TemplateObject)?

    init(_ value: TemplateValue) {
        if case .object(let object) = value {
            self.object = object
        } else {
            self.object = nil
        }
        self.value = value
    }
}

extension TemplateValue {
    /// The value an object has for `key`; nil for absent keys and for values that are not objects.
    /// Consumes the value, so the object is moved out rather than copied.
    consuming func child(_ key: String) -> TemplateValue? {
        switch consume self {
        case .object(let object): object.value(forKey: key)
        case .text, .int, .bool, .list, .texts: nil
        }
    }
}
