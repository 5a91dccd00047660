/// One language's texts, read from its data file (`Texts/<code>.texts`): a `key = text` line per text, `#` comments,
/// and named placeholders (`{count}`) that `filling(_:_:)` fills in. Parsed once; a text's parts are kept split at
/// its placeholders, so filling one is a few appends.
package struct TextCatalogue: Sendable {
    /// Why a file cannot serve, said with its line.
    package struct Problem: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    private enum Part: Sendable {
        case literal(String)
        case placeholder(String)
    }

    private struct Entry: Sendable {
        let text: String
        let parts: [Part]
        let placeholders: Set<String>
    }

    package let code: String
    private let entries: [String: Entry]

    /// Reads a catalogue's file. A line without `=`, a key twice, an odd key or an unclosed `{` is refused.
    package init(code: String, source: String) throws(Problem) {
        var entries: [String: Entry] = [:]
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Self.trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let place = "\(code).texts, line \(index + 1)"
            guard let equals = line.firstIndex(of: "=") else { throw Problem(description: "\(place): no ‘key = text’") }
            let key = Self.trimmed(line[..<equals])
            guard Self.isKey(key) else { throw Problem(description: "\(place): ‘\(key)’ is not a key (letters, digits and dots)") }
            guard entries[key] == nil else { throw Problem(description: "\(place): ‘\(key)’ is given twice") }
            let text = Self.trimmed(line[line.index(after: equals)...])
            guard let parts = Self.parts(of: text) else { throw Problem(description: "\(place): a ‘{’ without its ‘}’") }
            let placeholders = Set(parts.compactMap { part -> String? in
                if case .placeholder(let name) = part { return name }
                return nil
            })
            entries[key] = Entry(text: text, parts: parts, placeholders: placeholders)
        }
        self.code = code
        self.entries = entries
    }

    private init(code: String, entries: [String: Entry]) {
        self.code = code
        self.entries = entries
    }

    /// A catalogue with no texts, where every key reads as itself.
    package static func empty(_ code: String) -> TextCatalogue {
        TextCatalogue(code: code, entries: [:])
    }

    package var keys: Set<String> { Set(entries.keys) }

    /// The text under `key`; a key the file lacks reads as itself (start-up refuses such a file, so only a test sees it).
    package subscript(key: String) -> String {
        entries[key]?.text ?? key
    }

    /// The text under `key` with its placeholders filled from `values`; a placeholder without a value stays as written.
    package func filling(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        guard let entry = entries[key] else { return key }
        var result = ""
        for part in entry.parts {
            switch part {
            case .literal(let text):
                result += text
            case .placeholder(let name):
                result += values.first { $0.key == name }?.value ?? "{\(name)}"
            }
        }
        return result
    }

    package func placeholders(of key: String) -> Set<String> {
        entries[key]?.placeholders ?? []
    }

    /// What keeps this catalogue from standing in for `reference`: keys it lacks or adds, and texts whose
    /// placeholders differ. Empty when it can serve.
    package func problems(against reference: TextCatalogue) -> [String] {
        var problems: [String] = []
        for key in reference.keys.subtracting(keys).sorted() {
            problems.append("\(code).texts lacks ‘\(key)’")
        }
        for key in keys.subtracting(reference.keys).sorted() {
            problems.append("\(code).texts has ‘\(key)’, which \(reference.code).texts does not")
        }
        for key in keys.intersection(reference.keys).sorted() where placeholders(of: key) != reference.placeholders(of: key) {
            let theirs = reference.placeholders(of: key).sorted().map { "{\($0)}" }.joined(separator: " ")
            let ours = placeholders(of: key).sorted().map { "{\($0)}" }.joined(separator: " ")
            problems.append("\(code).texts ‘\(key)’ has placeholders [\(ours)], \(reference.code).texts [\(theirs)]")
        }
        return problems
    }

    /// The texts whose keys start with `prefix`, under the rest of their key (`admin.signOut` → `signOut`).
    package func entries(under prefix: String) -> [(String, String)] {
        entries.compactMap { key, entry in
            if prefix.isEmpty { return key.contains(".") ? nil : (key, entry.text) }
            guard key.hasPrefix(prefix) else { return nil }
            return (String(key.dropFirst(prefix.count)), entry.text)
        }
    }

    private static func isKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." }
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }

    /// The text split at its `{name}` placeholders; nil when a `{` is not closed.
    private static func parts(of text: String) -> [Part]? {
        var parts: [Part] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return parts
    }
}
