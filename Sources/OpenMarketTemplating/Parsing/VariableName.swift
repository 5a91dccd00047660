/// A name as written in a tag, split into its dotted segments once at load time.
struct VariableName: Sendable, Equatable {
    enum Scope: Sendable, Equatable {
        /// `{{.}}`: the top of the context stack.
        case current
        /// `{{.a.b}}`: looked up on the top of the stack only.
        case top
        /// `{{a.b}}`: `a` is looked up from the top of the stack down, then `b` on what it found.
        case stack
    }

    let scope: Scope
    /// Empty for `{{.}}`, otherwise at least one.
    let segments: [String]

    /// Splits as swift-mustache does (`split(separator: ".")`, which drops empty segments), so `a..b` is `a.b`.
    init?(_ text: String) {
        if text == "." {
            scope = .current
            segments = []
            return
        }
        segments = text.split(separator: ".").map(String.init)
        guard !segments.isEmpty else { return nil }
        scope = text.hasPrefix(".") ? .top : .stack
    }
}
