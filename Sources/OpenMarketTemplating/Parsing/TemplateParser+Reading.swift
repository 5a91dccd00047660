extension TemplateParser {
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Characters of names in variable and section tags (swift-mustache's `sectionNameChars`).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"),
            UInt8(ascii: "("), UInt8(ascii: ")"):
            true
        default:
            false
        }
    }

    /// Partial names may also hold `/` (`partials/price`).
    private static func isPartialNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || isNameByte(byte)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// Length of the line break at `offset`, 0 if none: what Swift's `Character.isNewline` accepts, since
    /// swift-mustache asks that question after text and after standalone tags.
    func newlineLength(at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        switch bytes[offset] {
        case Self.lineFeed, 0x0B, 0x0C:
            return 1
        case Self.carriageReturn:
            return offset + 1 < bytes.count && bytes[offset + 1] == Self.lineFeed ? 2 : 1
        case 0xC2:
            return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : 0
        case 0xE2:
            let isSeparator = offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
            return isSeparator ? 3 : 0
        default:
            return 0
        }
    }

    mutating func readSpacesAndTabs() -> Range<Int> {
        let start = position
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        return start..<position
    }

    /// Reads text up to a line break (not consumed) or up to and including `{{`; returns the text's range.
    mutating func readTextUntilTagOrNewline() -> Range<Int> {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.lineFeed {
                return start..<position
            }
            if byte == Self.carriageReturn, position + 1 < bytes.count, bytes[position + 1] == Self.lineFeed {
                return start..<position
            }
            if byte == Self.openBrace, position + 1 < bytes.count, bytes[position + 1] == Self.openBrace {
                position += 2
                return start..<position - 2
            }
            position += 1
        }
        return start..<position
    }

    /// A tag stands alone when its line held only whitespace before it and holds only whitespace after it;
    /// the rest of such a line, its line break included, is consumed.
    mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if position >= bytes.count {
            return true
        }
        var end = position
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
            end += 1
        }
        let newline = newlineLength(at: end)
        guard newline > 0 else { return false }
        position = end + newline
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) {
            position += 1
        }
    }

    private mutating func readClosingDelimiter(tagStart: Int) throws(TemplateLoadError) {
        guard position + 1 < bytes.count, bytes[position] == Self.closeBrace, bytes[position + 1] == Self.closeBrace else {
            throw error(.malformedTag, at: tagStart)
        }
        position += 2
    }

    private mutating func readName(tagStart: Int, allowing isAllowed: (UInt8) -> Bool) throws(TemplateLoadError) -> String {
        skipWhitespace()
        let start = position
        while position < bytes.count, isAllowed(bytes[position]) {
            position += 1
        }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        skipWhitespace()
        try readClosingDelimiter(tagStart: tagStart)
        return name
    }

    /// Reads `name}}` (after the sigil).
    mutating func readName(tagStart: Int) throws(TemplateLoadError) -> String {
        try readName(tagStart: tagStart, allowing: Self.isNameByte)
    }

    /// Reads a variable or section name, refusing swift-mustache's transforms (`{{uppercased(name)}}`).
    mutating func readVariableName(tagStart: Int) throws(TemplateLoadError) -> (String, VariableName) {
        let name = try readName(tagStart: tagStart)
        if name.contains("(") || name.contains(")") {
            throw error(.unsupported("transform '\(name)'"), at: tagStart)
        }
        guard let variable = VariableName(name) else {
            throw error(.malformedTag, at: tagStart)
        }
        return (name, variable)
    }

    /// Reads the name of a partial or parent, refusing dynamic names (`{{>*name}}`).
    mutating func readPartialName(tagStart: Int) throws(TemplateLoadError) -> String {
        let name = try readName(tagStart: tagStart, allowing: Self.isPartialNameByte)
        if name.hasPrefix("*") {
            throw error(.unsupported("dynamic partial '\(name)'"), at: tagStart)
        }
        guard !name.isEmpty else {
            throw error(.malformedTag, at: tagStart)
        }
        return name
    }

    mutating func skipComment(tagStart: Int) throws(TemplateLoadError) {
        while position + 1 < bytes.count {
            if bytes[position] == Self.closeBrace, bytes[position + 1] == Self.closeBrace {
                position += 2
                return
            }
            position += 1
        }
        throw error(.unclosedComment, at: tagStart)
    }

    /// Reads `CONTENT_TYPE: SAFE_HTML }}`. Every value is HTML-escaped here, so only HTML content types pass.
    mutating func readPragma(tagStart: Int) throws(TemplateLoadError) {
        let start = position
        while position < bytes.count, bytes[position] != Self.closeBrace {
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        try readClosingDelimiter(tagStart: tagStart)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
            String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        guard parts.count == 2, parts[0] == "CONTENT_TYPE" else {
            throw error(.unsupported("pragma '\(text)'"), at: tagStart)
        }
        let contentType = parts[1]
        guard contentType == "SAFE_HTML" || contentType == "HTML" else {
            throw error(.unsupported("content type '\(contentType)'"), at: tagStart)
        }
    }

    /// The tag as written, for error messages.
    func tagText(from tagStart: Int) -> String {
        var end = tagStart + 2
        while end < bytes.count, end - tagStart < 80, bytes[end] != Self.closeBrace {
            end += 1
        }
        while end < bytes.count, end - tagStart < 80, bytes[end] == Self.closeBrace {
            end += 1
        }
        return String(decoding: bytes[tagStart..<end], as: UTF8.self)
    }
}
