/// Messages per form field, in the order the form shows them.
struct FieldErrors: Error, Sendable {
    private var messages: [FormField: String] = [:]

    var isEmpty: Bool { messages.isEmpty }

    subscript(field: FormField) -> String? {
        get { messages[field] }
        set { messages[field] = newValue }
    }

    /// Keeps the first message for a field: ours are more specific than a later, generic one.
    mutating func add(_ message: String, for field: FormField) {
        if messages[field] == nil { messages[field] = message }
    }

    var ordered: [(FormField, String)] {
        FormField.allCases.compactMap { field in messages[field].map { (field, $0) } }
    }
}
